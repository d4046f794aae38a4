// Placeholder entry: the real entry points land with the foundation build.
export function onOpen(): void {}

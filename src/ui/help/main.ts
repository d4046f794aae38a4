// The Help sidebar is static text; this entry point exists so every surface builds the same way.
export {};

import { benchSend } from './bench-send';

const rows = Number(process.argv[2] ?? 1000);
const t = Date.now();
const r = await benchSend('sidebar', rows);
console.log(JSON.stringify(r), (Date.now() - t) / 1000, 's');

import { build } from 'esbuild';
const what = process.argv[2];
const r = await build({ stdin: { contents: `export { ${what} } from './dist/index.js';`, resolveDir: process.cwd(), loader: 'ts' }, bundle: true, minify: true, format: 'esm', write: false, metafile: true, define: { 'process.env.NODE_ENV': '"production"' }, external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'], logLevel: 'silent' });
const [out] = Object.values(r.metafile.outputs);
const rows = Object.entries(out.inputs).filter(([, i]) => i.bytesInOutput > 0).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
let t = 0; for (const [f, i] of rows) { t += i.bytesInOutput; console.log(String(i.bytesInOutput).padStart(6), f); } console.log('total min', t);

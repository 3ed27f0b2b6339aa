// Stories are bundled by Vite, which handles CSS imports (uPlot's stylesheet).
/// <reference types="vite/client" />

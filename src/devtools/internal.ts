/** What the package's other folders use from devtools/ and users do not see; the public names are in index.ts. @internal */
export { checkRecording } from './checkRecording.js';
export type { RecordedControl, RecordedEvent, TimingRecording } from './format.js';

// Entry of dist/tracker.js, the build for pages without a bundler:
// `CoursepackTracker.createTracker(config)`. Assigning the global here, rather than through
// esbuild's `globalName`, keeps its module-interop helpers out of the script.
import { createTracker } from './create-tracker';

(globalThis as { CoursepackTracker?: object }).CoursepackTracker = { createTracker };

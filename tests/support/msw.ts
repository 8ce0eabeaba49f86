/** The component suite's msw server is the plugin kit's mock API, so plugin tests and app tests share it. */
export { mockApi as server } from '../../src/plugin-kit/testing';

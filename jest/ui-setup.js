require('@testing-library/jest-dom');
// findBy*/waitFor wait up to 15 s (default 1 s): rendering a whole MUI page in jsdom can take longer than
// a second on a busy 2-core machine, and a slow render is not what these tests judge.
require('@testing-library/react').configure({ asyncUtilTimeout: 15_000 });
// Each test is a fresh browser tab: what a page kept in sessionStorage does not reach the next test.
afterEach(() => sessionStorage.clear());

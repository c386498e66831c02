import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Screens are lazy chunks: the first one a test file opens is compiled and evaluated on demand
// (styled-components, Formik, the UI kit), which can take more than the default 1 s under jsdom.
// CI runs the client, server and PostgreSQL projects side by side on 2 cores, where a mocked
// request has been seen to take over 4 s to answer; 10 s stays well inside the 30 s test timeout.
configure({ asyncUtilTimeout: 10000 });

// react-toastify's main build injects its stylesheet (about 100 rules, all on .Toastify__ classes
// plus --toastify-* variables on :root) into every test file's document, and jsdom's
// getComputedStyle, which every *ByRole query runs for each element it looks at, matches each
// element against every rule: that stylesheet alone doubles the cost of those queries. The
// unstyled build is the same code without the injection; none of its rules hides an element
// (display or visibility), so what the queries find does not change. The app's own toast styles
// (ui/global-style.ts) still apply.
jest.mock('react-toastify', () => jest.requireActual('react-toastify/unstyled'));

import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Screens are lazy chunks: the first one a test file opens is compiled and evaluated on demand
// (styled-components, Formik, the UI kit), which can take more than the default 1 s under jsdom.
configure({ asyncUtilTimeout: 4000 });

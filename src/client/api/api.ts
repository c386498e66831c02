import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './base-query';

/** The one API slice; features add their calls with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['User', 'Wallet', 'Transactions', 'Rates', 'Limits', 'ProofOfAddress', 'Sessions', 'Recipients'],
  endpoints: () => ({}),
});

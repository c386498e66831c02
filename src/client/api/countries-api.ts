import { endpoints } from '../../shared/endpoints';
import type { Country, Res } from '../../shared/types';
import { api } from './api';

/** GET /countries: the nationality, residence and phone country pickers (Canada and Nigeria first). */
export const countriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCountries: build.query<Country[], void>({
      query: () => ({ url: endpoints.countries.path, method: endpoints.countries.method }),
      transformResponse: (body: Res<'countries'>) => body.data,
    }),
  }),
});

export const { useGetCountriesQuery } = countriesApi;

// Selects PostgreSQL (TEST_DATABASE_URL) for the server suite's second run.
process.env.KUDI_TEST_DB = 'postgres';

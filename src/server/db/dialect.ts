/** The two engines: the embedded default, and the one several instances share. */
export type Dialect = 'sqlite' | 'postgres';

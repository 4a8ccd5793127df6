import type { PageState } from '../../contract/shell.ts';

/** Every page component takes its server-provided state and nothing else. */
export type PageProps<Data> = PageState<Data>;

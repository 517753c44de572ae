/**
 * The output formats' names, apart from their renderers: the command line lists them without
 * loading the report and triage code behind the renderers (a served check never needs it).
 */
export const formatNames = ['text', 'json', 'sarif', 'github'] as const;

export type FormatName = (typeof formatNames)[number];

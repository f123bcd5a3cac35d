/** The report files the referee owns in the output directory (JUnit's is Vitest's own). */
export const REPORT_FILES = ['leaderboard.json', 'summary.md', 'report.html'] as const

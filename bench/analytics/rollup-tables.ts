/** The rollup tables the dashboard reads: what to VACUUM ANALYZE after loading, as autovacuum would. */
export const ROLLUP_TABLES = [
  'analytics_sessions',
  'analytics_session_hours',
  'analytics_session_days',
  'analytics_page_hours',
  'analytics_page_days',
  'analytics_action_hours',
  'analytics_action_days',
  'analytics_session_sets',
  'analytics_session_set_weeks',
  'analytics_read_ends',
  'analytics_read_end_days',
];

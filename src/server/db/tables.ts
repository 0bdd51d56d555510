import type { Generated } from 'kysely';

/** Tables owned by the server core. Domain plugins declare their own and use `db.withTables<…>()`. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** lower-cased username, unique: logins ignore case */
  username_key: string;
  full_name: string | null;
  email: string | null;
  password_hash: string;
  user_type: string;
  created_on: string;
  last_login: string | null;
  institution_id: number | null;
}

export interface TokensTable {
  /** sha256 of the bearer token: a leaked database does not leak sessions */
  token_hash: string;
  image_token_hash: string;
  user_id: number;
  created_on: number;
  /** ms since epoch of the last successful call: the sliding lifetime counts from here */
  last_used: number;
  lifetime: number;
}

export interface SettingsTable {
  key: string;
  /** JSON text */
  value: string;
  updated_on: string;
}

/** created_on / updated_on default to now (ISO text) on insert. */
interface Stamped {
  created_on: Generated<string>;
  updated_on: Generated<string>;
}

export interface UserInstitutionsTable extends Stamped {
  id: Generated<number>;
  name: string;
  acronym: string | null;
  address: string | null;
}

export type AccessRequestKind = 'new' | 'existing';
export type AccessRequestStatus = 'pending' | 'approved' | 'rejected';

export interface AccessRequestsTable extends Stamped {
  id: Generated<number>;
  kind: AccessRequestKind;
  /** the account asking again (kind 'existing'), or the account made on approval (kind 'new') */
  user_id: number | null;
  username: string;
  username_key: string;
  full_name: string | null;
  email: string | null;
  /** lower-cased email, for the "already in use" check */
  email_key: string | null;
  /** scrypt hash of the chosen password (kind 'new' only) */
  password_hash: string | null;
  institution_id: number | null;
  locale: string | null;
  status: Generated<AccessRequestStatus>;
  decided_on: string | null;
  decided_by: number | null;
}

export interface UsergroupsTable extends Stamped {
  id: Generated<number>;
  name: string;
  description: string | null;
}

export interface UsergroupmembersTable extends Stamped {
  id: Generated<number>;
  usergroup_id: number;
  user_id: number;
}

export interface DatasettypesTable {
  id: number;
  description: string;
}

export interface DatasetstatesTable {
  id: number;
  name: string;
  description: string | null;
}

export interface LicensesTable extends Stamped {
  id: Generated<number>;
  name: string;
  description: string | null;
}

export interface ExperimentsTable extends Stamped {
  id: Generated<number>;
  experiment_name: string;
  user_id: number | null;
  project_id: number | null;
  description: string | null;
  experiment_date: string | null;
}

/** dataset_state_id: 1 public, 2 private, 3 hidden */
export interface DatasetsTable extends Stamped {
  id: Generated<number>;
  experiment_id: number;
  datasettype_id: Generated<number>;
  name: string;
  description: string | null;
  date_start: string | null;
  date_end: string | null;
  source_file: string | null;
  datatype: string | null;
  dublin_core: string | null;
  version: string | null;
  created_by: number | null;
  dataset_state_id: Generated<number>;
  license_id: number | null;
  is_external: Generated<number>;
  hyperlink: string | null;
  contact: string | null;
}

/** Exactly one of user_id and group_id is set. */
export interface DatasetpermissionsTable extends Stamped {
  id: Generated<number>;
  dataset_id: number;
  user_id: number | null;
  group_id: number | null;
}

export interface LicenselogsTable {
  id: Generated<number>;
  license_id: number;
  user_id: number;
  accepted_on: string;
}

export type FeedbackType = 'question' | 'data_error' | 'general' | 'bug' | 'feature_request';
export type FeedbackSeverity = 'low' | 'medium' | 'high';

export interface UserfeedbackTable extends Stamped {
  id: Generated<number>;
  content: string;
  image: Buffer | null;
  page_url: string;
  user_id: number | null;
  /** '' once removed (30 days after being read) */
  contact_email: string;
  feedback_type: FeedbackType;
  severity: FeedbackSeverity;
  /** 1 unread, 0 read */
  is_new: Generated<number>;
  read_on: string | null;
}

export interface CaptchasTable {
  uuid: string;
  text: string;
  /** ms since epoch */
  created_on: number;
}

export interface CommenttypesTable {
  id: number;
  description: string;
  reference_table: string;
}

export interface CommentsTable extends Stamped {
  id: Generated<number>;
  commenttype_id: number;
  user_id: number | null;
  visibility: Generated<number>;
  description: string;
  reference_id: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  username: string | null;
  /** e.g. 'settings.update', 'usergroup.create', 'access-request.approve' */
  action: string;
  /** what was changed, e.g. 'usergroup 4' */
  target: string | null;
  /** JSON text: the change (never a password) */
  details: string | null;
  created_on: string;
}

export interface FileresourcetypesTable extends Stamped {
  id: Generated<number>;
  name: string;
  description: string | null;
}

/** A downloadable file, stored at DATA_DIR/data/download/<fileresourcetype_id>/<path>. */
export interface FileresourcesTable extends Stamped {
  id: Generated<number>;
  name: string;
  path: string | null;
  description: string | null;
  filesize: number | null;
  fileresourcetype_id: number;
  project_id: number | null;
}

export interface DatasetfileresourcesTable extends Stamped {
  dataset_id: number;
  fileresource_id: number;
}

export type JobStatus = 'waiting' | 'running' | 'completed' | 'failed' | 'cancelled';
export type JobKind = 'import' | 'export';
export type JobRunType = 'CHECK' | 'IMPORT' | 'CHECK_AND_IMPORT';

/** Asynchronous jobs (src/server/db/jobs-migrations.ts): imports now, exports later (`kind`). */
export interface AsyncJobsTable {
  id: Generated<number>;
  uuid: string;
  kind: JobKind;
  job_id: string | null;
  user_id: number | null;
  datatype: string;
  original_filename: string | null;
  data_filename: string | null;
  run_type: JobRunType;
  is_update: number;
  dataset_state_id: number;
  target_dataset_id: number | null;
  data_orientation: string | null;
  /** 1: create the germplasm a genotype or allele-frequency file names but the database lacks. */
  create_germplasm: Generated<number>;
  /** JSON text */
  job_config: string | null;
  status: JobStatus;
  imported: Generated<number>;
  visibility: Generated<number>;
  /** JSON text: ImportIssue[] */
  feedback: string | null;
  /** JSON text: ImportStats */
  stats: string | null;
  result_dataset_id: number | null;
  progress: Generated<number>;
  log_file: string | null;
  claimed_by: string | null;
  heartbeat: string | null;
  started_on: string | null;
  finished_on: string | null;
  files_deleted: Generated<number>;
  created_on: string;
  updated_on: string;
}

export interface CoreTables {
  async_jobs: AsyncJobsTable;
  users: UsersTable;
  tokens: TokensTable;
  settings: SettingsTable;
  user_institutions: UserInstitutionsTable;
  access_requests: AccessRequestsTable;
  usergroups: UsergroupsTable;
  usergroupmembers: UsergroupmembersTable;
  datasettypes: DatasettypesTable;
  datasetstates: DatasetstatesTable;
  licenses: LicensesTable;
  experiments: ExperimentsTable;
  datasets: DatasetsTable;
  datasetpermissions: DatasetpermissionsTable;
  licenselogs: LicenselogsTable;
  userfeedback: UserfeedbackTable;
  captchas: CaptchasTable;
  commenttypes: CommenttypesTable;
  comments: CommentsTable;
  audit_log: AuditLogTable;
  fileresourcetypes: FileresourcetypesTable;
  fileresources: FileresourcesTable;
  datasetfileresources: DatasetfileresourcesTable;
}

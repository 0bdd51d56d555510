/**
 * What the admin panes read from the server (Germinate's views, e.g. ViewTableUsergroups). Row types are
 * the server's JSON as is: the panes only show and send them back by id.
 */

/** The four user types an administrator can give (the three roles plus suspension). */
export const USER_TYPES = ['Regular User', 'Data Curator', 'Administrator', 'Suspended User'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** GET user, GET usergroup/{id}/user, GET dataset/{id}/user. */
export interface UserRow {
  id: number;
  username: string;
  fullName: string | null;
  emailAddress: string | null;
  lastLogin: string | null;
  createdOn: string | null;
  name: string | null;
  acronym: string | null;
  address: string | null;
  userType: string;
  userTypeString?: string;
}

/** usergroup/table, dataset/{id}/usergroup. */
export interface UserGroupRow {
  userGroupId: number;
  userGroupName: string;
  userGroupDescription: string | null;
  createdOn: string | null;
  count: number;
}

/** dataset/table (the keys the picker shows). */
export interface DatasetRow {
  datasetId: number;
  datasetName: string;
  datasetDescription: string | null;
  experimentName: string | null;
  datasetType: string | null;
  datasetState: string | null;
}

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** user/request/table. */
export interface AccessRequestRow {
  requestId: number;
  kind: 'new' | 'existing';
  username: string;
  fullName: string | null;
  emailAddress: string | null;
  institutionName: string | null;
  locale: string | null;
  status: RequestStatus;
  createdOn: string;
  decidedOn: string | null;
  decidedByName: string | null;
}

/** feedback/table. */
export interface FeedbackRow {
  id: number;
  content: string;
  pageUrl: string;
  userId: number | null;
  contactEmail: string;
  feedbackType: string;
  severity: string;
  isNew: boolean;
  hasImage: boolean;
  readOn: string | null;
  createdOn: string;
  updatedOn: string | null;
}

/** audit/table. */
export interface AuditRow {
  auditId: number;
  userId: number | null;
  username: string | null;
  action: string;
  target: string | null;
  details: unknown;
  createdOn: string;
}

import type { Schema } from '#shared/http/validation';

export interface ApproveInboxReplyBody {
  expected_version?: number;
}

/** POST /inbox/{id}/reply/approve: optionally the item's version the approver saw (or If-Match: "v{n}"). */
export const approveInboxReplySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    expected_version: {
      type: 'integer',
      minimum: 1,
      description: 'The item version you saw; another: 412 VERSION_MISMATCH with current_version. Or the If-Match header.',
    },
  },
};

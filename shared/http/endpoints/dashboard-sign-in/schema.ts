import { requiredText, type Schema } from '#shared/http/validation';

export interface SignInBody {
  email: string;
  password: string;
}

// Only the shape: a wrong form of email or a short password is just a wrong login here,
// answered like any other (no hint about which emails or passwords exist).
export const signInSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password'],
  properties: {
    email: requiredText(320, { description: "The owner's email, as set by the operator", example: 'owner@example.com' }),
    password: {
      type: 'string',
      minLength: 1,
      maxLength: 1024,
      'x-error-codes': { minLength: 'MISSING_REQUIRED_FIELD' },
      description: 'At least 12 characters',
      example: 'correct horse battery staple',
    },
  },
};

import { instanceSettingsInput, type InstanceSettingsInput } from '../../shared/community-schemas';
import { rulesFromText } from './admin-words';

export type SettingsField =
  'name' | 'description' | 'rules' | 'registration' | 'invitesByMembers' | 'visitorsMayRead';
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export type SettingsValues = {
  name: string;
  description: string;
  /** The rules field as typed: one rule a line. */
  rules: string;
  registration: InstanceSettingsInput['registration'];
  invitesByMembers: boolean;
  visitorsMayRead: boolean;
};

/**
 * The settings form checked by the server's own schema (shared/community-schemas.ts): the input to send, or
 * the first message of each field; a rule's message says which line ("Rule 3: ...").
 */
export function checkSettings(
  values: SettingsValues,
): { input: InstanceSettingsInput; errors: null } | { input: null; errors: SettingsErrors } {
  const parsed = instanceSettingsInput.safeParse({ ...values, rules: rulesFromText(values.rules) });
  if (parsed.success) return { input: parsed.data, errors: null };
  const errors: SettingsErrors = {};
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path as [SettingsField, unknown];
    errors[field] ??=
      field === 'rules' && typeof index === 'number' ? `Rule ${index + 1}: ${issue.message}` : issue.message;
  }
  return { input: null, errors };
}

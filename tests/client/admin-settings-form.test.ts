import { describe, expect, it } from 'vitest';
import { checkSettings } from '../../src/client/lib/admin-settings-form.js';
import { limits } from '../../src/shared/limits.js';

// /admin/settings checks the form with the server's schema and says what is wrong beside each field.

const valid = {
  name: 'Realm of Tests',
  description: 'A place to test.',
  rules: 'Be kind\n\nNo spam\n',
  registration: 'approval' as const,
  invitesByMembers: true,
  visitorsMayRead: true,
};

describe('the instance settings form', () => {
  it('sends the settings with one rule a line, blank lines left out', () => {
    expect(checkSettings(valid)).toEqual({
      input: { ...valid, rules: ['Be kind', 'No spam'] },
      errors: null,
    });
  });

  it("says what is wrong with each field, in the schema's words", () => {
    const result = checkSettings({
      ...valid,
      name: '   ',
      description: 'x'.repeat(limits.instanceDescriptionMax + 1),
    });
    expect(result.input).toBeNull();
    expect(result.errors).toEqual({
      name: `Instance name must be 1 to ${limits.instanceNameMax} characters.`,
      description: `Description must be at most ${limits.instanceDescriptionMax} characters.`,
    });
  });

  it('names the line of a rule that is too long, and counts the rules', () => {
    const long = checkSettings({ ...valid, rules: `Fine\n${'y'.repeat(limits.instanceRuleMax + 1)}` });
    expect(long.errors).toEqual({
      rules: `Rule 2: A rule must be at most ${limits.instanceRuleMax} characters.`,
    });
    const many = Array.from({ length: limits.instanceRulesMax + 1 }, (_, i) => `Rule ${i}`).join('\n');
    expect(checkSettings({ ...valid, rules: many }).errors).toEqual({
      rules: `At most ${limits.instanceRulesMax} rules.`,
    });
  });
});

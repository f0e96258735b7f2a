import { useState } from 'react';
import { chooseTheme, themeChoice, type ThemeChoice } from '../../lib/theme';
import { SettingsSection } from './settings-section';

const choices: { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

/** Light, Dark or System, kept on this device and applied at once (lib/theme.ts). */
export function ThemeSection() {
  const [choice, setChoice] = useState(themeChoice);
  const choose = (value: ThemeChoice) => {
    chooseTheme(value);
    setChoice(value);
  };
  return (
    <SettingsSection
      title="Theme"
      intro="How Realm looks on this device. System follows your device's setting."
    >
      <fieldset className="theme-choices">
        <legend className="visually-hidden">Theme</legend>
        {choices.map((option) => (
          <label key={option.value} className="theme-choice">
            <input
              type="radio"
              name="theme"
              value={option.value}
              checked={choice === option.value}
              onChange={() => choose(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    </SettingsSection>
  );
}

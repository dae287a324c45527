import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId } from 'react';

/**
 * The students a photo shows: a labelled group of checkboxes (a fieldset and its legend), so a
 * group photo is tagged with everyone in it (docs/decisions/073-group-photos.md).
 */
export function StudentPicker({
  legend,
  hint,
  students,
  chosen,
  onChange,
  disabled,
}: {
  legend: string;
  hint?: string;
  students: readonly { id: string; name: string }[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}) {
  const hintId = useId();
  const toggle = (id: string, on: boolean) =>
    // In the list's order, so the first chosen is the first listed.
    onChange(students.map((s) => s.id).filter((s) => (s === id ? on : chosen.includes(s))));
  return (
    <FormControl component="fieldset" variant="standard" disabled={disabled}>
      <FormLabel component="legend" sx={{ fontSize: '0.875rem' }}>
        {legend}
      </FormLabel>
      {hint && <FormHelperText id={hintId}>{hint}</FormHelperText>}
      <FormGroup aria-describedby={hint ? hintId : undefined}>
        {students.map((s) => (
          <FormControlLabel
            key={s.id}
            control={
              <Checkbox
                size="small"
                checked={chosen.includes(s.id)}
                onChange={(event) => toggle(s.id, event.target.checked)}
              />
            }
            label={s.name}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { TextInput } from '../form/text-input';
import { AppDialog } from './app-dialog';
import { searchDialogClosed, selectSearchDialogOpen } from './search-dialog-slice';

type Props = {
  /** The field's first value (what was typed before the dialog opened). */
  initialKeyword?: string;
  /** Called with the trimmed keyword on every change; the caller runs the search. */
  onKeywordChange: (keyword: string) => void;
  /** The results, rendered under the field. */
  children: ReactNode;
  title?: string;
  label?: string;
  /** More attributes of the field's <input> (a combobox's role and aria-*, maxLength). */
  inputAttributes?: Record<string, string | number | boolean | undefined>;
  /** Keys pressed in the field (a result list's arrows and Enter); Escape closes the dialog. */
  onInputKeyDown?: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

/**
 * The search dialog of docs/product.md#routes-and-screens, open while search-dialog-slice.ts says so
 * (`searchDialogOpened()` / `searchDialogClosed()`). What is searched is up to the caller.
 */
export function SearchDialog({
  initialKeyword = '',
  onKeywordChange,
  children,
  title,
  label,
  inputAttributes,
  onInputKeyDown,
}: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSearchDialogOpen);
  const [keyword, setKeyword] = useState(initialKeyword);
  return (
    <AppDialog
      open={open}
      title={title ?? t('search.title')}
      onClose={() => dispatch(searchDialogClosed())}
      testId="search-dialog"
    >
      <TextInput
        name="keyword"
        type="search"
        label={label ?? t('search.label')}
        value={keyword}
        onChange={(event) => {
          setKeyword(event.target.value);
          onKeywordChange(event.target.value.trim());
        }}
        autoComplete="off"
        autoFocus
        // The caret goes after what was typed ahead, so typing on carries it on (a focused field
        // would otherwise put it at the start in some browsers).
        onFocus={(event) => {
          const end = event.target.value.length;
          event.target.setSelectionRange(end, end);
        }}
        testId="search-input"
        inputAttributes={inputAttributes}
        onKeyDown={onInputKeyDown}
      />
      {children}
    </AppDialog>
  );
}

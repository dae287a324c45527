import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { TextInput } from '../form/text-input';
import { AppDialog } from './app-dialog';
import { searchDialogClosed, selectSearchDialogOpen } from './search-dialog-slice';

type Props = {
  /** Called with the trimmed keyword on every change; the caller runs the search. */
  onKeywordChange: (keyword: string) => void;
  /** The results, rendered under the field. */
  children: ReactNode;
  title?: string;
  label?: string;
};

/**
 * The search dialog of docs/product.md#routes-and-screens, open while search-dialog-slice.ts says so
 * (`searchDialogOpened()` / `searchDialogClosed()`). What is searched is up to the caller.
 */
export function SearchDialog({ onKeywordChange, children, title, label }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSearchDialogOpen);
  const [keyword, setKeyword] = useState('');
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
        autoFocus
        testId="search-input"
      />
      {children}
    </AppDialog>
  );
}

import { TitlePage } from './title-page';

export function Component() {
  return <TitlePage title="pages.classes" />;
}

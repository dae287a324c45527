// Temporary: moved to testing/render-app.tsx; removed once every import points there.
export { renderApp, setScreenWidth } from '../testing/render-app';

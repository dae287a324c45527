// The public site's face: app.ts registers the plugin; the SPA plugin serves its home and 404 pages.
export {
  type PublicSitePluginOptions,
  publicSitePlugin,
  type SitePages,
} from './public-site.plugin';

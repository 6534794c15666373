/** Links between the share pages (paths): one table with the server's sitemap. */
export { contentPaths } from '../../../shared/share-paths';

/** Where the local server takes image uploads (LocalObjectStorage's upload URLs). A module of its own: the server reads it before any setting is loaded. */
export const LOCAL_UPLOAD_PATH = '/local-media-uploads/';

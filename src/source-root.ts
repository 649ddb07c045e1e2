/**
 * The folder this file is compiled into (dist/src; src itself under the tests). The bundled service
 * is one file in that same folder, so a path made from here is right whether the code runs
 * bundled or as compiled modules (`__dirname` in a bundle is the bundle's): every file the service
 * reads beside its code starts here.
 */
export const SOURCE_ROOT = __dirname;

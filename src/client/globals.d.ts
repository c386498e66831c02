// Build-time constants set by webpack's DefinePlugin (and by jest's `globals` in tests).
declare const __API_BASE__: string;
declare const __APP_VERSION__: string;
declare const __BUILD_ID__: string;
declare const __SUPPORT_TOOLS__: boolean;
/** The fixed public access key of the standalone identity check (POST /external/veriff-session). */
declare const __IDENTITY_KEY__: string;

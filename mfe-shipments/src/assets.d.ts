// Files webpack turns into URLs (asset modules).
declare module '*.svg' {
  const url: string;
  export default url;
}

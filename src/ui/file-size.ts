const MB = 1024 * 1024
const GB = 1024 * MB

/** A byte count as people read it: KB below a megabyte (nothing is 0 KB, any byte at least 1 KB), MB below a gigabyte (one decimal), else GB. */
export const fileSize = (bytes: number) =>
  bytes < MB
    ? `${bytes > 0 ? Math.max(1, Math.round(bytes / 1024)) : 0} KB`
    : bytes < GB
      ? `${(bytes / MB).toFixed(1)} MB`
      : `${(bytes / GB).toFixed(1)} GB`

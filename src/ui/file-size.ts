const MB = 1024 * 1024
const GB = 1024 * MB

/** A byte count as people read it: KB below a megabyte, MB below a gigabyte (one decimal), else GB. */
export const fileSize = (bytes: number) =>
  bytes < MB
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : bytes < GB
      ? `${(bytes / MB).toFixed(1)} MB`
      : `${(bytes / GB).toFixed(1)} GB`

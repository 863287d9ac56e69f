// Limits and messages of an uploaded spreadsheet that every import shares (tracking requests, free-time rules).
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const UPLOAD_FILE_MESSAGES = {
  empty: 'The file is empty.',
  oldXls: 'Old Excel (.xls) files are not supported: save the file as .xlsx or .csv.',
  tooLarge: `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB: split it into smaller files.`,
  tooLargeUnpacked:
    'The workbook is too large once unpacked (or takes too long to read): keep only the template sheet, ' +
    'split it into smaller files, or save it as .csv.',
};

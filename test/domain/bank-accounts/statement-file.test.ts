import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DomainError } from '../../../src/domain/errors.js';
import { checkStatementFile, cleanFileName } from '../../../src/domain/files/statement-file.js';

const ole2 = Buffer.from('d0cf11e0a1b11ae1000000000000000000', 'hex');
const zipWith = (entry: string) =>
  Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(26), Buffer.from(entry)]);

test('each listed format is recognised by its content', () => {
  const good: Array<[string, Buffer, string]> = [
    ['a.pdf', Buffer.from('%PDF-1.7\n'), 'application/pdf'],
    ['a.PNG', Buffer.from('89504e470d0a1a0a', 'hex'), 'image/png'],
    ['a.gif', Buffer.from('GIF89a...'), 'image/gif'],
    ['a.jpg', Buffer.from('ffd8ffe0', 'hex'), 'image/jpeg'],
    ['a.doc', ole2, 'application/msword'],
    ['a.xls', ole2, 'application/vnd.ms-excel'],
    [
      'a.docx',
      zipWith('word/document.xml'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'a.xlsx',
      zipWith('xl/workbook.xml'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    ['a.csv', Buffer.from('a,b\r\n1,2\n'), 'text/csv'],
    ['a.rtf', Buffer.from('{\\rtf1\\ansi hello}'), 'application/rtf'],
    ['a.txt', Buffer.from('Statement for October — £12.50\n\tpaid'), 'text/plain'],
  ];
  for (const [name, data, contentType] of good) {
    assert.equal(checkStatementFile('/file', name, data).contentType, contentType, name);
  }
});

test('a name that lies about the content, an unlisted extension or an empty file is refused', () => {
  const bad: Array<[string, Buffer]> = [
    ['a.pdf', Buffer.from('<html></html>')],
    ['a.jpg', Buffer.from('%PDF-1.7')],
    ['a.docx', zipWith('xl/workbook.xml')],
    ['a.xlsx', Buffer.from('a,b\n')],
    ['a.csv', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02])],
    ['a.txt', Buffer.from([0xff, 0xfe, 0x00])],
    ['a.exe', Buffer.from('%PDF-1.7')],
    ['a.pdf.exe', Buffer.from('%PDF-1.7')],
    ['pdf', Buffer.from('%PDF-1.7')],
    ['a.pdf', Buffer.alloc(0)],
  ];
  for (const [name, data] of bad) {
    assert.throws(
      () => checkStatementFile('/file', name, data),
      (err: unknown) => err instanceof DomainError && err.code === 'validation_failed',
      name,
    );
  }
});

test('file names lose their path and control characters', () => {
  assert.equal(cleanFileName('../../etc/passwd.txt'), 'passwd.txt');
  assert.equal(cleanFileName('C:\\Users\\me\\st\u0000atement.pdf'), 'statement.pdf');
  assert.equal(cleanFileName('\u0007'), 'statement');
});

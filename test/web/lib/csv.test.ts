import { csvCell, csvDate, csvMoney, toCsv } from '../../../src/lib/csv';

/** The file as a spreadsheet opens it: the byte-order mark apart, one array of fields per line. */
function lines(csv: string): string[] {
  return csv.slice(1).split('\r\n');
}

describe('the CSV writer (what Excel and LibreOffice in pt-BR read on a double click)', () => {
  it("starts with the UTF-8 byte-order mark, separates fields with ';' and ends every line with CRLF", () => {
    const csv = toCsv(['Evento', 'Saldo (R$)'], [['Festa da Ana', csvMoney(1700)]]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('Evento;Saldo (R$)\r\nFesta da Ana;1700,00\r\n');
  });

  it('writes money with a decimal comma and two decimals, never a thousands separator', () => {
    expect(csvCell(csvMoney(1234.5))).toBe('1234,50');
    expect(csvCell(csvMoney(1700))).toBe('1700,00');
    expect(csvCell(csvMoney(-12.3))).toBe('-12,30');
    expect(csvCell(csvMoney(Number.NaN))).toBe('0,00');
    expect(csvCell(7.5)).toBe('7,5');
    expect(csvCell(1234567)).toBe('1234567');
  });

  it('writes calendar days as dd/mm/aaaa', () => {
    expect(csvCell(csvDate('2026-03-14'))).toBe('14/03/2026');
    expect(csvCell(csvDate('sem data'))).toBe('sem data');
  });

  it("quotes a field only when it holds ';', a quote, a line break or an edge space, doubling its quotes", () => {
    expect(csvCell('Cabine 360 · 4 h; Álbum')).toBe('"Cabine 360 · 4 h; Álbum"');
    expect(csvCell('Zé "Bolha"')).toBe('"Zé ""Bolha"""');
    expect(csvCell('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
    expect(csvCell(' Ana')).toBe('" Ana"');
    expect(csvCell('Props, Tapete')).toBe('Props, Tapete');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('neutralises text a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvCell('=HYPERLINK("http://x","clique")')).toBe(`"'=HYPERLINK(""http://x"",""clique"")"`);
    expect(csvCell('+55 11')).toBe("'+55 11");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell(-1)).toBe('-1');
  });

  it('keeps a row of a field with a separator in it as one row of the right width', () => {
    const csv = toCsv(['A', 'B', 'C'], [['x;y', 'z', csvMoney(1)]]);
    expect(lines(csv)).toEqual(['A;B;C', '"x;y";z;1,00', '']);
  });
});

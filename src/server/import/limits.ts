/**
 * The limits of a spreadsheet import (issue 38) and the pt-BR refusal every bad file gets: a 400
 * with a message the person can act on, before anything is written.
 */
import { ApiError } from '../http/errors';

/** Rows of data per file (the header not counted). */
export const MAX_ROWS = 50_000;
/** Bytes of the file as sent. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Columns of the header. */
export const MAX_COLUMNS = 500;
/** Characters of one cell (Excel's own limit). */
export const MAX_CELL_CHARS = 32_767;
/** Bytes one part of a workbook may inflate to (a 50,000-row sheet is well below). */
export const MAX_PART_BYTES = 300 * 1024 * 1024;
/** Bytes all the parts read may inflate to together. */
export const MAX_INFLATED_BYTES = 500 * 1024 * 1024;
/** Inflated size ÷ compressed size above which a large part is taken for a zip bomb. */
export const MAX_RATIO = 400;
/** Distinct shared strings of a workbook. */
export const MAX_SHARED_STRINGS = 2_000_000;

const mb = (bytes: number) => (bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 0 });

/** A file the import refuses: 400, the message also under `errors.file`. */
export class BadFile extends ApiError {
  constructor(message: string) {
    super(400, message, { file: [message] });
  }
}

export const TOO_LARGE = () => new BadFile(`O arquivo passa de ${mb(MAX_FILE_BYTES)} MB. Divida a planilha em arquivos menores.`);
export const TOO_MANY_ROWS = () =>
  new BadFile(
    `A planilha passa de ${MAX_ROWS.toLocaleString('pt-BR')} linhas de dados. Divida-a em arquivos de até ${MAX_ROWS.toLocaleString('pt-BR')} linhas.`,
  );
export const TOO_MANY_COLUMNS = (n: number) =>
  new BadFile(
    `A planilha tem ${n.toLocaleString('pt-BR')} colunas ou mais; o máximo é ${MAX_COLUMNS.toLocaleString('pt-BR')}. Apague as colunas que não são do cadastro.`,
  );
export const CELL_TOO_LONG = (where: string) =>
  new BadFile(`A célula ${where} passa de ${MAX_CELL_CHARS.toLocaleString('pt-BR')} caracteres, o limite de uma célula do Excel.`);
export const EMPTY_FILE = () => new BadFile('O arquivo está vazio: a primeira linha deve ter os nomes das colunas e as seguintes, os dados.');
export const NO_DATA = () => new BadFile('A planilha tem só o cabeçalho: nenhuma linha de dados para importar.');
export const NOT_XLSX = () =>
  new BadFile('O arquivo não é uma planilha .xlsx válida (está corrompido, incompleto ou é de outro tipo). Abra-o no Excel e salve de novo como .xlsx.');
export const MACRO_WORKBOOK = () => new BadFile('Planilhas com macros (.xlsm) não são aceitas. Salve uma cópia como "Pasta de Trabalho do Excel (.xlsx)".');
export const PROTECTED_OR_OLD = () =>
  new BadFile('A planilha está protegida por senha ou no formato antigo do Excel (.xls). Salve uma cópia sem senha, como .xlsx.');
export const BOMB = () =>
  new BadFile('O arquivo se expande demais ao ser aberto (possível arquivo malicioso). Salve a planilha de novo no Excel e envie outra vez.');
export const XML_DECLARATIONS = () => new BadFile('A planilha contém declarações XML (DOCTYPE/ENTITY) que não são aceitas. Salve-a de novo no Excel.');
export const UNSUPPORTED_TYPE = () => new BadFile('Envie uma planilha .xlsx ou um arquivo .csv.');
export const BINARY_CSV = () => new BadFile('O arquivo .csv não é texto (contém bytes binários). Exporte a planilha de novo como CSV.');
export const MIXED_ENCODING = () =>
  new BadFile('O arquivo .csv mistura codificações de texto (UTF-8 e Windows-1252). Salve-o de novo como "CSV UTF-8" e envie outra vez.');
export const BAD_CSV = (line: number, why: string) => new BadFile(`O arquivo .csv está malformado perto da linha ${line}: ${why}.`);

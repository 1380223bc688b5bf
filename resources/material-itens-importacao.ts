/**
 * Items of a materials list from a spreadsheet (issue 38, special importer): what
 * `POST /api/v1/materiais/{id}/itens/simulacao` and `…/itens/importacao` answer, shown by the
 * "Importar itens" drawer of the list's page (server: src/server/import/material-items.ts).
 */

/** `acrescentar`: the file's items go after the list's; `substituir`: they take the place of all of them. */
export type MaterialItemsMode = 'acrescentar' | 'substituir';
export const MATERIAL_ITEMS_MODES: readonly MaterialItemsMode[] = ['acrescentar', 'substituir'];

/** A line of the file that cannot become an item: the spreadsheet's line number and the messages per field (by the item field's name). */
export interface MaterialItemsLineError {
  linha: number;
  erros: Record<string, string[]>;
}

export interface MaterialItemsReport {
  arquivo: string;
  modo: MaterialItemsMode;
  /** Data lines of the file (blank ones not counted). */
  linhas: number;
  validas: number;
  comErro: number;
  /** Items of the list before, and as the import leaves them. */
  itensAntes: number;
  itensDepois: number;
  /** The file's columns and the item field each fills (null: ignored). */
  colunas: { coluna: string; campo: string | null }[];
  erros: MaterialItemsLineError[];
  /** What the person should know about the file (hidden rows, ignored columns…), in pt-BR. */
  avisos: string[];
  /** Whether the items were written (false in the dry run). */
  importado: boolean;
  /** The list's version after the import (the one to send next), or the current one in the dry run. */
  version: number;
}

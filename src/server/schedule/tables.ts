/** The schedule's own table: which late items were already warned about, against which planned end. */
export const SCHEDULE_CORE_SQL: string[] = [
  `CREATE TABLE IF NOT EXISTS aviso_atraso_item (
     eap_id bigint not null, termino date not null, obra text not null,
     avisado_em timestamptz not null default now(), origem text not null,
     primary key (eap_id, termino))`,
];

/**
 * Demo records of the entities with a workflow (schemas' `workflow`): every state of every flow has
 * records, held by the demo team of src/server/identity/seed.ts, so each step can be tried on a
 * fresh start. The conventions (1-based references, sites by `Id_Lista`) are in demo-data.ts.
 *
 * State fields are read-only in the API (the workflow engine sets them); the seeder writes these
 * rows as they are, with the stamps the transitions would have written (decision dates, comment
 * histories in the engine's format, SGI codes).
 */
import { P, file, idBy, nota, p, person, type Row } from './demo-common';
import { CNPJ, empresaCnpj as co } from './demo-empresas';
import { formatCnpj } from '../../../schemas/shared/cnpj';

// ---------------------------------------------------------------------------------------------
// Work orders (field services and automation) and their checklists
// ---------------------------------------------------------------------------------------------

export function osField(): Row[] {
  return [
    { numero: 'OSF-101-0001', obra: '101', status: 'Concluída', titulo: 'Instalação dos inversores de frequência da linha 2', tipoServico: 'Instalação', prioridade: 'Alta', cliente: co('Cliente Demonstração Lda'), solicitante: 'Eng. Roberto (cliente)', descricao: 'Instalação e parametrização de 6 inversores de frequência.', responsavel: p(P.gustavo), equipe: ['gustavo.alves@portal.local'], dataAbertura: '2025-02-03', dataPrevista: '2025-02-14', dataConclusao: '2025-02-13', horasPrevistas: 64, horasRealizadas: 58.5, eapCodigos: ['2.1'] },
    // In progress with a checklist still being filled: "Concluir OS" is refused until it is concluded.
    { numero: 'OSF-101-0002', obra: '101', status: 'Em execução', titulo: 'Comissionamento do pórtico rolante', tipoServico: 'Comissionamento', prioridade: 'Média', cliente: co('Cliente Demonstração Lda'), responsavel: p(P.gustavo), dataAbertura: '2025-06-16', dataPrevista: '2025-07-25', horasPrevistas: 80, eapCodigos: ['2.2'] },
    { numero: 'OSF-103-0001', obra: '103', status: 'Planejada', titulo: 'Inspeção termográfica dos barramentos', tipoServico: 'Inspeção', prioridade: 'Baixa', cliente: co('Energética Santa Clara S.A.'), responsavel: p(P.gustavo), dataAbertura: '2025-07-01', dataPrevista: '2025-08-05', horasPrevistas: 12 },
    // Opened without a responsible person: "Planejar" asks for one.
    { numero: 'OSF-102-0001', obra: '102', status: 'Aberta', titulo: 'Manutenção corretiva em porta de doca 7', tipoServico: 'Manutenção corretiva', prioridade: 'Urgente', cliente: co('Cliente Novo Lda'), solicitante: 'Supervisor de expedição', dataAbertura: '2025-07-28' },
    // In progress with every checklist concluded: ready to be concluded.
    { numero: 'OSF-101-0003', obra: '101', status: 'Em execução', titulo: 'Inspeção dos painéis da subestação unitária', tipoServico: 'Inspeção', prioridade: 'Alta', cliente: co('Cliente Demonstração Lda'), descricao: 'Inspeção de reaperto e isolamento antes da energização da subestação unitária.', responsavel: p(P.gustavo), equipe: ['gustavo.alves@portal.local'], dataAbertura: '2025-07-14', dataPrevista: '2025-07-30', horasPrevistas: 16 },
    { numero: 'OSF-103-0002', obra: '103', status: 'Pausada', titulo: 'Montagem de eletrocalhas da casa de comando', tipoServico: 'Instalação', prioridade: 'Média', cliente: co('Energética Santa Clara S.A.'), descricao: 'Pausada aguardando a entrega das eletrocalhas de 300 mm pelo fornecedor.', responsavel: p(P.gustavo), equipe: ['gustavo.alves@portal.local'], dataAbertura: '2025-06-09', dataPrevista: '2025-08-15', horasPrevistas: 96, horasRealizadas: 32 },
    { numero: 'OSF-102-0002', obra: '102', status: 'Cancelada', titulo: 'Instalação de cortinas de ar nas docas', tipoServico: 'Instalação', prioridade: 'Baixa', cliente: co('Cliente Novo Lda'), descricao: 'Cancelada: o escopo passou ao fornecedor das portas de doca.', dataAbertura: '2025-03-10', dataPrevista: '2025-04-30' },
  ];
}

export function osAutomacao(): Row[] {
  return [
    // In progress; its only checklist is concluded (with a failed item, retested later).
    { numero: 'OSA-103-0001', obra: '103', status: 'Em execução', titulo: 'Configuração do SCADA da subestação', tipoServico: 'Comissionamento', prioridade: 'Alta', cliente: co('Energética Santa Clara S.A.'), responsavel: p(P.gustavo), dataAbertura: '2025-05-05', dataPrevista: '2025-08-29', horasPrevistas: 240, eapCodigos: ['3.1', '3.2'] },
    { numero: 'OSA-101-0001', obra: '101', status: 'Pausada', titulo: 'Integração do CLP da laminação ao supervisório', tipoServico: 'Start-up', prioridade: 'Média', cliente: co('Cliente Demonstração Lda'), descricao: 'Pausada até a parada programada da linha de laminação.', responsavel: p(P.gustavo), dataAbertura: '2025-04-14', dataPrevista: '2025-06-30', horasPrevistas: 120, horasRealizadas: 46 },
    { numero: 'OSA-105-0001', obra: '105', status: 'Concluída', titulo: 'Treinamento de operação do sistema BMS', tipoServico: 'Treinamento', prioridade: 'Baixa', cliente: co('Atlântico Participações Ltda.'), responsavel: p(P.gustavo), dataAbertura: '2025-05-12', dataPrevista: '2025-05-16', dataConclusao: '2025-05-16', horasPrevistas: 16, horasRealizadas: 16 },
    { numero: 'OSA-104-0001', obra: '104', status: 'Planejada', titulo: 'Comissionamento do painel de automação da ETE', tipoServico: 'Comissionamento', prioridade: 'Média', cliente: co('Celulose Porto Azul S.A.'), descricao: 'Planejada para a retomada da obra, após a licença de operação parcial.', responsavel: p(P.gustavo), dataAbertura: '2025-06-23', dataPrevista: '2025-10-17', horasPrevistas: 60 },
    { numero: 'OSA-103-0002', obra: '103', status: 'Cancelada', titulo: 'Migração do supervisório para a nova versão', tipoServico: 'Start-up', prioridade: 'Baixa', cliente: co('Energética Santa Clara S.A.'), descricao: 'Cancelada: o cliente manterá a versão atual até o fim da garantia.', dataAbertura: '2025-04-28', dataPrevista: '2025-06-13' },
    { numero: 'OSA-102-0001', obra: '102', status: 'Aberta', titulo: 'Integração do controle de acesso das docas ao supervisório', tipoServico: 'Start-up', prioridade: 'Média', cliente: co('Cliente Novo Lda'), responsavel: p(P.gustavo), dataAbertura: '2025-07-29', dataPrevista: '2025-09-12', horasPrevistas: 40 },
  ];
}

export function checklistPreenchidoField(os: Row[]): Row[] {
  const respostas = [
    { pergunta: 'Permissão de trabalho emitida e assinada', conformidade: 'Conforme', resposta: 'Sim' },
    { pergunta: 'Bloqueio e etiquetagem (LOTO) aplicados', conformidade: 'Conforme' },
    { pergunta: 'Torque dos bornes conferido', conformidade: 'Não conforme', observacao: 'Dois bornes reapertados.' },
    { pergunta: 'Resistência de isolamento (MΩ)', conformidade: 'Conforme', resposta: '520' },
    // Answers of the fill screen also carry the item's number, its section and photos.
    { item: 5, secao: 'Encerramento', pergunta: 'Registro fotográfico do painel fechado', conformidade: 'Conforme', fotos: [file('field/painel-fechado.png', 'image/png', 48_000)] },
  ];
  return [
    { template: 1, obra: '101', os: idBy(os, 'numero', 'OSF-101-0001'), data: '2025-02-12', executante: p(P.gustavo), status: 'Concluído', respostas, resultado: 'Aprovado com ressalvas', observacoes: 'Reaperto realizado na hora.' },
    { template: 2, obra: '101', os: idBy(os, 'numero', 'OSF-101-0002'), data: '2025-07-10', executante: p(P.gustavo), status: 'Em preenchimento', respostas: respostas.slice(0, 2), resultado: 'Aprovado' },
    { template: 1, obra: '103', data: '2025-07-02', executante: p(P.gustavo), status: 'Concluído', respostas, resultado: 'Aprovado com ressalvas' },
    { template: 2, obra: '101', os: idBy(os, 'numero', 'OSF-101-0003'), data: '2025-07-22', executante: p(P.gustavo), status: 'Concluído', respostas: [
      { pergunta: 'Permissão de trabalho emitida e assinada', conformidade: 'Conforme', resposta: 'Sim' },
      { pergunta: 'Bloqueio e etiquetagem (LOTO) aplicados', conformidade: 'Conforme' },
      { pergunta: 'Torque dos bornes conferido', conformidade: 'Conforme', observacao: 'Reaperto preventivo em todos os bornes de força.' },
    ], resultado: 'Aprovado', observacoes: 'Painéis liberados para energização.' },
  ];
}

export function checklistPreenchidoAutomacao(os: Row[]): Row[] {
  return [
    {
      template: 1, obra: '103', os: idBy(os, 'numero', 'OSA-103-0001'), data: '2025-06-20', executante: p(P.gustavo), status: 'Concluído', resultado: 'Reprovado',
      respostas: [
        { pergunta: 'Alimentação 24 Vcc dentro da tolerância', conformidade: 'Conforme' },
        { pergunta: 'Versão do programa registrada', conformidade: 'Conforme', resposta: 'SE138_v1.4.2' },
        { pergunta: 'Comunicação com o supervisório testada', conformidade: 'Não conforme', observacao: 'Falha no protocolo IEC 61850; reteste agendado.' },
      ],
    },
    { template: 1, obra: '101', os: idBy(os, 'numero', 'OSA-101-0001'), data: '2025-05-08', executante: p(P.gustavo), status: 'Em preenchimento', respostas: [], resultado: 'Aprovado' },
  ];
}

// ---------------------------------------------------------------------------------------------
// Post-sales tickets
// ---------------------------------------------------------------------------------------------

const SITE_CLIENT: Record<string, [string, string, string]> = {
  '101': ['Cliente Demonstração Lda', 'Eng. Roberto Campos', 'roberto.campos@cliente.local'],
  '102': ['Cliente Novo Lda', 'Supervisor de expedição', 'cliente.novo@portal.local'],
  '103': ['Energética Santa Clara S.A.', 'Eng. Silvia Prado', 'silvia.prado@santaclara.local'],
  '104': ['Celulose Porto Azul S.A.', 'Eng. Marcos Teles', 'marcos.teles@portoazul.local'],
  '105': ['Atlântico Participações Ltda.', 'Helena Martins', 'helena@atlantico.local'],
};

/** A ticket concluded through the workflow (solution and conclusion stamped). */
function concluded(codigo: number, obra: string, titulo: string, categoria: string, abertura: string, conclusao: string, solucao: string, emailContato?: string): Row[] {
  const [nome, contato, mail] = SITE_CLIENT[obra];
  const cliente = co(nome);
  return [{ codigo, titulo, cliente, obra, contato, emailContato: emailContato ?? mail, abertura, canal: 'Portal', prioridade: 'Média', status: 'Concluído', categoria, descricao: titulo + '.', comentario: 'Atendimento registrado pelo pós-venda.', responsavel: p(P.posvendas), prazo: abertura.slice(0, 10), conclusao, solucao }];
}

export function posvendas(): Row[] {
  return [
    { codigo: 1, titulo: 'Infiltração na cobertura do galpão de laminação', cliente: co('Cliente Demonstração Lda'), obra: '101', contato: 'Eng. Roberto Campos', emailContato: 'roberto.campos@cliente.local', abertura: '2025-02-11T09:20:00-03:00', canal: 'E-mail', prioridade: 'Alta', status: 'Concluído', categoria: 'Garantia', macroCategoriaCausaRaiz: 'Montagem', areaCausadora: 'Obras', setorCausador: 'Montagem de coberturas', descricao: 'Goteiras em três pontos da cobertura após chuva forte.', comentario: 'Vedação das cumeeiras refeita pela equipe de montagem.', responsavel: p(P.posvendas), prazo: '2025-02-28', conclusao: '2025-02-26T16:40:00-03:00', solucao: 'Substituição de 14 m de fita de vedação e rebites.' },
    { codigo: 2, titulo: 'Porta de doca não fecha completamente', cliente: co('Cliente Novo Lda'), obra: '102', contato: 'Supervisor de expedição', emailContato: 'cliente.novo@portal.local', telefoneContato: '(64) 99999-1234', abertura: '2025-06-03T14:05:00-03:00', canal: 'Telefone', prioridade: 'Média', status: 'Em atendimento', categoria: 'Defeito de fabricação', macroCategoriaCausaRaiz: 'Fornecedor', areaCausadora: 'Suprimentos', setorCausador: 'Compras', descricao: 'Porta seccionada da doca 7 trava a 20 cm do piso.', comentario: 'Fornecedor acionado para troca do trilho.', responsavel: p(P.posvendas), prazo: '2025-08-15' },
    { codigo: 3, titulo: 'Alarme intermitente no painel de proteção', cliente: co('Energética Santa Clara S.A.'), obra: '103', contato: 'Eng. Silvia Prado', emailContato: 'silvia.prado@santaclara.local', abertura: '2025-07-02T08:10:00-03:00', canal: 'Portal', prioridade: 'Crítica', status: 'Em análise', categoria: 'Instalação', descricao: 'Relé de proteção gera alarme de falha de comunicação a cada 2 horas.', comentario: 'Análise remota dos logs em andamento.', responsavel: p(P.posvendas), prazo: '2025-07-18' },
    { codigo: 4, titulo: 'Solicitação de manual do sistema de climatização', cliente: co('Atlântico Participações Ltda.'), obra: '105', contato: 'Helena Martins', emailContato: 'helena@atlantico.local', abertura: '2025-06-20T10:00:00-03:00', canal: 'E-mail', prioridade: 'Baixa', status: 'Aguardando cliente', categoria: 'Documentação', descricao: 'Cliente solicita manual de operação e plano de manutenção (PMOC).', comentario: 'Enviado o manual; aguardando confirmação do recebimento.', responsavel: p(P.posvendas) },
    { codigo: 5, titulo: 'Fissura no piso da área de carregamento', cliente: co('Cliente Novo Lda'), obra: '102', contato: 'Supervisor de expedição', emailContato: 'cliente.novo@portal.local', abertura: '2025-07-18T11:30:00-03:00', canal: 'Visita técnica', prioridade: 'Alta', status: 'Aberto', categoria: 'Garantia', descricao: 'Fissura de aproximadamente 4 m junto à junta de dilatação.', comentario: 'Registro aberto na visita técnica de rotina.' },
    { codigo: 6, titulo: 'Pedido de orçamento para ampliação', cliente: co('Cliente Demonstração Lda'), obra: '101', contato: 'Eng. Roberto Campos', emailContato: 'roberto.campos@cliente.local', abertura: '2025-03-05T15:45:00-03:00', canal: 'WhatsApp', prioridade: 'Baixa', status: 'Cancelado', categoria: 'Comercial', descricao: 'Cliente pediu orçamento de ampliação pelo canal de pós-venda.', comentario: 'Encaminhado ao comercial; ticket cancelado por não ser pós-venda.', responsavel: p(P.posvendas) },
    { codigo: 7, titulo: 'Ruído no exaustor do banheiro do 8º andar', cliente: co('Atlântico Participações Ltda.'), obra: '105', contato: 'Síndica Helena', emailContato: 'helena@atlantico.local', abertura: '2025-06-02T09:00:00-03:00', canal: 'Portal', prioridade: 'Média', status: 'Concluído', categoria: 'Manutenção', macroCategoriaCausaRaiz: 'Desgaste natural', areaCausadora: 'Não identificada', descricao: 'Exaustor com ruído excessivo.', comentario: 'Rolamento substituído.', responsavel: p(P.posvendas), conclusao: '2025-06-10T17:00:00-03:00', solucao: 'Troca do rolamento do exaustor.' },
    { codigo: 8, titulo: 'Sensor de fim de curso do pórtico rolante desregulado', cliente: co('Cliente Demonstração Lda'), obra: '101', contato: 'Cliente Demonstração', emailContato: 'cliente@portal.local', abertura: '2025-07-24T07:50:00-03:00', canal: 'Portal', prioridade: 'Alta', status: 'Em atendimento', categoria: 'Garantia', macroCategoriaCausaRaiz: 'Montagem', areaCausadora: 'Obras', descricao: 'O pórtico para 40 cm antes do batente no eixo C; o sensor de fim de curso atua antes do previsto.', comentario: 'Ajuste agendado para a parada de manutenção da linha.', responsavel: p(P.posvendas), prazo: '2025-08-08' },
    // Concluded across 2025–2026, each answered through its survey link (demo-data.ts), so the satisfaction dashboard has a time line.
    ...concluded(9, '103', 'Disjuntor do alimentador 2 desarmando sem carga', 'Defeito de fabricação', '2025-09-02T08:30:00-03:00', '2025-09-19T17:10:00-03:00', 'Relé de sobrecorrente reparametrizado e disjuntor testado.'),
    ...concluded(10, '104', 'Vazamento na linha de dosagem de coagulante', 'Instalação', '2025-10-06T10:00:00-03:00', '2025-10-30T15:00:00-03:00', 'Flanges refeitas com juntas de PTFE e teste hidrostático.'),
    ...concluded(11, '101', 'Reaperto das conexões do CCM-03', 'Manutenção', '2025-12-01T09:00:00-03:00', '2025-12-05T12:00:00-03:00', 'Reaperto com torquímetro e termografia sem pontos quentes.'),
    ...concluded(12, '105', 'Data book sem os certificados de pintura', 'Documentação', '2026-02-10T14:00:00-03:00', '2026-02-20T11:30:00-03:00', 'Certificados anexados ao data book e reenviados.'),
    ...concluded(13, '102', 'Ruído na porta de doca 3', 'Garantia', '2026-04-07T07:45:00-03:00', '2026-05-08T16:00:00-03:00', 'Troca das roldanas e lubrificação dos trilhos.'),
    ...concluded(14, '103', 'Atualização do firmware dos relés de proteção', 'Instalação', '2026-07-14T09:15:00-03:00', '2026-07-24T18:00:00-03:00', 'Firmware atualizado em 12 relés com ensaio funcional.'),
    ...concluded(15, '101', 'Calha do galpão 2 transbordando', 'Garantia', '2026-09-15T08:00:00-03:00', '2026-10-02T17:00:00-03:00', 'Calha redimensionada e novo condutor vertical instalado.'),
    // Concluded without an answer yet: its survey invitation is open (demo-survey.ts, link in the README).
    ...concluded(16, '101', 'Iluminação do pátio com luminárias apagadas', 'Garantia', '2026-10-26T10:20:00-03:00', '2026-11-16T15:30:00-03:00', 'Reatores substituídos em 9 luminárias.', 'cliente@portal.local'),
  ];
}

// ---------------------------------------------------------------------------------------------
// Engineering documents (CRE)
// ---------------------------------------------------------------------------------------------

export function projetos(): Row[] {
  const doc = (codigo: string, obra: string, categoria: string, Situacao: string, titulo: string, extra: Row = {}) =>
    ({ codigo, revisao: '0', titulo, obra, categoria, Situacao, projetista: p(P.projetista), ...extra });
  const pdf = (codigo: string, revisao = '0') => ({ arquivos: [file(`cre/${codigo}-R${revisao}.pdf`)] });
  // Site 101 is cliente@portal.local's: they approve (aprovador) its documents.
  const c101 = { aprovadorCliente: p(P.cliente) };
  const decisao = (em: string, por = P.cliente) => ({ decisaoPor: p(por), decisaoEm: `${em}:00-03:00` });
  const silvia = person('silvia.prado@santaclara.local', 'Silvia Prado');
  const helena = person('helena@atlantico.local', 'Helena Martins');
  return [
    doc('101-EXE-CIV-001', '101', 'Executivo', 'AP', 'Planta de formas das bases de equipamentos', {
      revisao: '2', disciplina: 'Civil', dataEmissao: '2025-03-12', prazoAprovacao: '2025-03-22', dataAprovacao: '2025-03-21', ...decisao('2025-03-21T16:05'), ...c101, ...pdf('101-EXE-CIV-001', '2'),
      comentariosCliente: nota('2025-03-21T16:05', P.cliente, 'Aprovar', 'De acordo com a revisão 2.'),
      comentarioInterno: 'Revisão 2 incorporou os comentários da fiscalização; liberar para construção após o pedido de concreto.',
    }),
    // Waiting for the client, past the deadline.
    doc('101-EXE-ELE-002', '101', 'Elétrica', 'PAP', 'Diagrama unifilar da subestação unitária', {
      revisao: '1', disciplina: 'Elétrica', dataEmissao: '2025-07-21', prazoAprovacao: '2025-07-31', ...c101, ...pdf('101-EXE-ELE-002', '1'),
      comentarioInterno: 'Cliente ainda não respondeu; cobrar na reunião semanal de coordenação.',
    }),
    doc('101-EXE-MEC-003', '101', 'Mecânica', 'APC', 'Arranjo do pórtico rolante', {
      revisao: '1', disciplina: 'Mecânica', dataEmissao: '2025-05-05', prazoAprovacao: '2025-05-15', dataAprovacao: '2025-05-14', ...decisao('2025-05-14T11:30'), ...c101, ...pdf('101-EXE-MEC-003', '1'),
      comentariosCliente: nota('2025-05-14T11:30', P.cliente, 'Aprovar com comentários', 'Rever a cota do trilho no eixo C.'),
    }),
    doc('101-ASB-CIV-004', '101', 'AsBuilt', 'EL', 'As built das fundações do galpão', { disciplina: 'Civil', ...pdf('101-ASB-CIV-004'), comentarioInterno: 'Falta incorporar o levantamento topográfico final.' }),
    doc('101-REF-GER-005', '101', 'Referencia', 'LC', 'Memorial descritivo de referência', {
      disciplina: 'Geral', dataEmissao: '2024-10-15', prazoAprovacao: '2024-10-25', dataAprovacao: '2024-10-22', ...decisao('2024-10-22T09:15'), ...c101, ...pdf('101-REF-GER-005'),
      comentarioInterno: 'Documento base da proposta.',
    }),
    doc('101-EXE-CIV-006', '101', 'Executivo', 'PR', 'Armação das paredes do poço de carepa', {
      revisao: '1', disciplina: 'Civil', dataEmissao: '2025-06-02', prazoAprovacao: '2025-06-12', ...decisao('2025-06-10T09:40'), ...c101, ...pdf('101-EXE-CIV-006', '1'),
      comentariosCliente: nota('2025-06-10T09:40', P.cliente, 'Reprovar', 'Cobrimento incompatível com a classe de agressividade IV.'),
      comentarioInterno: 'Rever com o calculista: cobrimento de 40 mm para CAA IV.',
    }),
    // Waiting for the client, within the deadline (extended on the client's request).
    doc('101-EXE-ELE-007', '101', 'Elétrica', 'PAP', 'Iluminação do galpão de laminação', {
      disciplina: 'Elétrica', dataEmissao: '2026-11-16', prazoAprovacao: '2027-06-30', ...c101, ...pdf('101-EXE-ELE-007'),
      comentarioInterno: 'Prazo de aprovação estendido até a parada programada da planta (junho de 2027), a pedido do cliente.',
    }),
    doc('101-EXE-MEC-008', '101', 'Mecânica', 'VI', 'Suportes da tubulação de ar comprimido', { disciplina: 'Mecânica', ...c101, ...pdf('101-EXE-MEC-008') }),
    // Site 102 (cliente.novo@portal.local reads it; cliente@portal.local must not).
    doc('102-EXE-CIV-001', '102', 'Executivo', 'PAP', 'Planta de locação dos pilares', { disciplina: 'Civil', dataEmissao: '2025-07-22', prazoAprovacao: '2025-08-01', ...pdf('102-EXE-CIV-001'), comentarioInterno: 'Locação conferida pela topografia em 18/07.' }),
    doc('102-EXE-ELE-002', '102', 'Elétrica', 'VI', 'Iluminação das docas', { disciplina: 'Elétrica', ...pdf('102-EXE-ELE-002') }),
    doc('102-EXE-HID-003', '102', 'Executivo', 'LC', 'Drenagem pluvial — trecho norte', { disciplina: 'Hidráulica', dataEmissao: '2025-06-16', prazoAprovacao: '2025-06-26', dataAprovacao: '2025-07-02', ...pdf('102-EXE-HID-003') }),
    // Without files yet: "Enviar para aprovação do cliente" asks for them.
    doc('102-EXE-CIV-004', '102', 'Executivo', 'EL', 'Cobertura das docas — detalhes de fixação', { disciplina: 'Civil' }),
    doc('103-EXE-ELE-001', '103', 'Elétrica', 'APC', 'Malha de aterramento da subestação', {
      revisao: '2', disciplina: 'Elétrica', projetista: p(P.eduardo), dataEmissao: '2025-04-07', prazoAprovacao: '2025-04-17', dataAprovacao: '2025-04-16', ...decisao('2025-04-16T14:20', silvia), aprovadorCliente: p(silvia), ...pdf('103-EXE-ELE-001', '2'),
      comentariosCliente: nota('2025-04-16T14:20', silvia, 'Aprovar com comentários', 'Incluir as medições de resistividade do solo no memorial.'),
    }),
    doc('103-EXE-AUT-002', '103', 'Executivo', 'CAN', 'Arquitetura de rede (substituído)', { disciplina: 'Automação', comentarioInterno: 'Substituído pela arquitetura em anel do documento 103-EXE-AUT-003.' }),
    doc('105-ASB-ELE-001', '105', 'AsBuilt', 'AP', 'As built dos quadros elétricos', {
      disciplina: 'Elétrica', projetista: p(P.eduardo), dataEmissao: '2025-05-12', prazoAprovacao: '2025-05-22', dataAprovacao: '2025-05-20', ...decisao('2025-05-20T10:00', helena), aprovadorCliente: p(helena), ...pdf('105-ASB-ELE-001'), tags: ['entrega final'],
    }),
  ];
}

// ---------------------------------------------------------------------------------------------
// Contracts and materials lists
// ---------------------------------------------------------------------------------------------

export function contratos(): Row[] {
  // The demo contracts team: each holds one stage (docs/access.md decisions 8 and 26).
  const equipe = { responsavel: p(P.contratosResponsavel), gestor: p(P.contratosGestor), validador: p(P.contratosValidador) };
  const outros = { responsavel: p(P.carlos), gestor: p(P.beatriz), validador: p(P.paulo) };
  const minuta = (numero: string) => ({ arquivos: [file(`contratos/${numero}-minuta.pdf`)] });
  const assinado = (numero: string) => ({ arquivos: [file(`contratos/${numero}-minuta.pdf`), file(`contratos/${numero}-assinado.pdf`)] });
  return [
    { numero: 'CT-2025-001', status: 'Revisão', tipo: 'Subempreitada', contraparte: co('Montagens Ideal Ltda.'), obra: '101', objeto: 'Montagem de estrutura metálica e cobertura do galpão de laminação.', valor: 1_850_000, vigenciaInicio: '2025-08-01', vigenciaFim: '2026-01-31', ...equipe, ...minuta('CT-2025-001') },
    { numero: 'CT-2025-002', status: 'Emitido para o Jurídico', tipo: 'Fornecimento', contraparte: co('Concreta Pré-Moldados'), obra: '102', objeto: 'Fornecimento e montagem de estrutura pré-moldada.', valor: 7_420_000, ...equipe, ...minuta('CT-2025-002') },
    { numero: 'CT-2025-003', status: 'Revisão para cancelamento', tipo: 'Locação', contraparte: co('Loca Alturas Equipamentos'), obra: '104', objeto: 'Locação de plataformas elevatórias durante a paralisação.', valor: 96_000, vigenciaInicio: '2025-03-01', vigenciaFim: '2025-12-31', ...equipe, ...assinado('CT-2025-003'), observacoes: 'Obra paralisada: plataformas sem uso desde maio. A gestora pediu a revisão para cancelamento.' },
    { numero: 'CT-2025-004', status: 'Emitido para o verificador', tipo: 'Prestação de serviços', contraparte: co('Elétrica Forte Serviços'), obra: '103', objeto: 'Lançamento de cabos e montagem eletromecânica da subestação.', valor: 1_230_500, ...equipe, ...minuta('CT-2025-004') },
    { numero: 'CT-2025-005', status: 'Em finalização', tipo: 'Fornecimento', contraparte: co('Trafo Sul Indústria'), obra: '101', objeto: 'Fornecimento de transformador a seco 1.500 kVA.', valor: 214_900, ...equipe, ...minuta('CT-2025-005') },
    // Approved, with the site manager as gestor (they edit it in Aprovado).
    { numero: 'CT-2025-006', status: 'Aprovado', tipo: 'Subempreitada', contraparte: co('Terraplenagem Minas Ltda.'), obra: '101', objeto: 'Terraplenagem e drenagem provisória.', valor: 640_000, dataAprovacao: '2024-10-18', dataAssinatura: '2024-10-21', vigenciaInicio: '2024-11-04', vigenciaFim: '2025-09-30', responsavel: p(P.carlos), gestor: p(P.sm), validador: p(P.paulo), arquivos: [file('contratos/CT-2025-006-assinado.pdf')] },
    { numero: 'CT-2025-007', status: 'Aprovado', tipo: 'Venda', contraparte: co('Energética Santa Clara S.A.'), obra: '103', objeto: 'Venda de painéis de média tensão (7 unidades).', valor: 1_995_000, dataAprovacao: '2025-01-13', dataAssinatura: '2025-01-15', responsavel: p(P.beatriz), gestor: p(P.fernanda), validador: p(P.carlos) },
    { numero: 'CT-2025-008', status: 'Revisão', tipo: 'Prestação de serviços', contraparte: co('Clima Floripa Serviços'), objeto: 'Manutenção preventiva de climatização (PMOC) — contrato corporativo.', valor: 48_000, responsavel: p(P.beatriz), gestor: p(P.carlos), validador: p(P.paulo), ...minuta('CT-2025-008') },
    { numero: 'CT-2025-009', status: 'Aprovado', tipo: 'Fornecimento', contraparte: co('Portas Rápidas do Brasil'), obra: '102', objeto: 'Fornecimento e instalação de 24 portas seccionadas de doca com niveladoras.', valor: 1_128_000, dataAprovacao: '2025-06-27', dataAssinatura: '2025-07-01', vigenciaInicio: '2025-07-01', vigenciaFim: '2026-02-28', ...equipe, ...assinado('CT-2025-009') },
    { numero: 'CT-2025-010', status: 'Cancelado', tipo: 'Prestação de serviços', contraparte: co('Vigilância Horizonte Ltda.'), obra: '101', objeto: 'Vigilância patrimonial do canteiro.', valor: 312_000, vigenciaInicio: '2025-04-01', vigenciaFim: '2026-03-31', ...equipe, ...minuta('CT-2025-010'), observacoes: 'Cancelado: a vigilância passou a ser contratada pelo cliente.' },
    { numero: 'CT-2025-011', status: 'Emitido para o verificador', tipo: 'Subempreitada', contraparte: co('Pinturas Industriais Cerrado'), obra: '102', objeto: 'Pintura de piso e demarcação das docas.', valor: 186_400, ...outros, ...minuta('CT-2025-011') },
    { numero: 'CT-2024-018', status: 'Cancelado', tipo: 'Locação', contraparte: co('Loca Alturas Equipamentos'), obra: '105', objeto: 'Locação de balancim para a fachada (substituído por plataforma).', valor: 38_500, ...outros, observacoes: 'Cancelado antes da mobilização; equipamento substituído.' },
  ].map((c) => ({ ...c, cnpj: formatCnpj(c.contraparte) })); // as the API derives it from the counterparty
}

export function materiais(): Row[] {
  const itensEle = [
    { codigo: 'ELE-001', descricao: 'Eletrocalha perfurada 300 x 100 mm', unidade: 'm', quantidade: 480 },
    { codigo: 'ELE-002', descricao: 'Cabo flexível 1 kV 95 mm²', unidade: 'm', quantidade: 2350.5 },
    { codigo: 'ELE-003', descricao: 'Luminária LED industrial 150 W', unidade: 'un', quantidade: 64, observacao: 'Temperatura de cor 5.000 K' },
  ];
  const itensCiv = [
    { codigo: 'CIV-010', descricao: 'Concreto usinado fck 30 MPa', unidade: 'm³', quantidade: 186.4 },
    { codigo: 'CIV-011', descricao: 'Aço CA-50 10 mm', unidade: 'kg', quantidade: 12_450 },
  ];
  // Sites 101 and 102: the demo materials team, one person per stage (docs/access.md decision 20).
  const equipe = { Quantificou: p(P.quantificador), Verificador: p(P.verificador), Site_manager: p(P.sm), Coordenador: p(P.coordenador) };
  const equipe103 = { Quantificou: p(P.eduardo), Verificador: p(P.paulo), Site_manager: p(P.fernanda), Coordenador: p(P.mariana) };
  return [
    // Ready to release (items and verifier filled).
    { titulo: 'Infraestrutura elétrica — galpão de laminação', obra: '101', origem: 'Obra', disciplina: 'Elétrica', Status: 'EM ELABORAÇÃO', template: 1, dataNecessidade: '2025-09-01', ...equipe, itens: itensEle },
    { titulo: 'Bases de equipamentos — lote 2', obra: '101', origem: 'Projeto', disciplina: 'Civil', Status: 'REVISAR', template: 2, dataNecessidade: '2025-08-18', ...equipe, itens: itensCiv, observacoes: 'Revisar quantitativo de aço após revisão 2 do projeto.' },
    { titulo: 'Iluminação das docas', obra: '102', origem: 'Obra', disciplina: 'Elétrica', Status: 'LIBERADO PARA VERIFICAÇÃO', dataNecessidade: '2025-10-06', ...equipe, itens: itensEle.slice(2) },
    { titulo: 'Drenagem pluvial — trecho norte', obra: '102', origem: 'Projeto', disciplina: 'Hidráulica', Status: 'LIBERADO PARA SITE MANAGER', dataNecessidade: '2025-08-25', ...equipe, itens: [{ codigo: 'HID-020', descricao: 'Tubo PEAD corrugado DN 600', unidade: 'm', quantidade: 320 }] },
    { titulo: 'Chumbadores do pórtico rolante', obra: '101', origem: 'Obra', disciplina: 'Mecânica', Status: 'LIBERADO PARA COORDENADOR', dataNecessidade: '2025-08-20', ...equipe, itens: [{ codigo: 'MEC-031', descricao: 'Chumbador J 1" x 800 mm galvanizado', unidade: 'un', quantidade: 96 }, { codigo: 'MEC-032', descricao: 'Graute autoadensável 60 MPa', unidade: 'kg', quantidade: 1_250 }] },
    { titulo: 'Cobertura termoacústica — galpão de laminação', obra: '101', origem: 'Obra', disciplina: 'Civil', Status: 'LIBERADO PARA PLANEJAMENTO', dataNecessidade: '2025-09-15', ...equipe, itens: [{ codigo: 'CIV-040', descricao: 'Telha termoacústica trapezoidal 50 mm', unidade: 'm²', quantidade: 6_420 }, { codigo: 'CIV-041', descricao: 'Parafuso autobrocante 12-14 x 1" com arruela', unidade: 'un', quantidade: 38_000 }] },
    { titulo: 'Piso industrial — quadra B', obra: '102', origem: 'Obra', disciplina: 'Civil', Status: 'EM REVISÃO', dataNecessidade: '2025-09-08', ...equipe, itens: [{ codigo: 'CIV-020', descricao: 'Concreto fck 35 MPa com fibra', unidade: 'm³', quantidade: 920 }, { codigo: 'CIV-021', descricao: 'Endurecedor de superfície', unidade: 'kg', quantidade: 14_000 }], observacoes: 'O planejamento devolveu para revisão: o volume não considera a sobre-espessura da quadra B.' },
    { titulo: 'Portas de doca — lote 2', obra: '102', origem: 'Obra', disciplina: 'Mecânica', Status: 'CANCELADO', dataNecessidade: '2025-10-20', ...equipe, itens: [{ codigo: 'MEC-050', descricao: 'Porta seccionada 3,0 x 3,5 m', unidade: 'un', quantidade: 6 }], observacoes: 'Cancelada: as portas entram no contrato de fornecimento CT-2025-009.' },
    // Other sites, other people.
    { titulo: 'Malha de aterramento', obra: '103', origem: 'Projeto', disciplina: 'Elétrica', Status: 'LIBERADO PARA COORDENADOR', dataNecessidade: '2025-08-11', ...equipe103, itens: [{ codigo: 'ELE-050', descricao: 'Cabo de cobre nu 70 mm²', unidade: 'm', quantidade: 1800 }, { codigo: 'ELE-051', descricao: 'Haste de aterramento 5/8" x 3 m', unidade: 'un', quantidade: 96 }] },
    { titulo: 'Cabos de controle da subestação', obra: '103', origem: 'Obra', disciplina: 'Elétrica', Status: 'LIBERADO PARA PLANEJAMENTO', dataNecessidade: '2025-08-04', ...equipe103, itens: [{ codigo: 'ELE-060', descricao: 'Cabo de controle 12 x 1,5 mm² blindado', unidade: 'm', quantidade: 5400 }] },
    { titulo: 'Tubulação PEAD da ETE', obra: '104', origem: 'Projeto', disciplina: 'Hidráulica', Status: 'EM REVISÃO', dataNecessidade: '2025-11-03', Quantificou: p(P.carlos), Verificador: p(P.paulo), Site_manager: p(P.fernanda), Coordenador: p(P.mariana), itens: [{ codigo: 'HID-030', descricao: 'Tubo PEAD PE100 DN 250 PN10', unidade: 'm', quantidade: 640 }] },
    { titulo: 'Revestimento de fachada (cancelada)', obra: '105', origem: 'Obra', disciplina: 'Civil', Status: 'CANCELADO', Quantificou: p(P.carlos), itens: [{ descricao: 'Placa ACM 4 mm', unidade: 'm²', quantidade: 850 }], observacoes: 'Escopo retirado do contrato.' },
  ];
}

// ---------------------------------------------------------------------------------------------
// SGI records and their action plans; ethics reports
// ---------------------------------------------------------------------------------------------

/**
 * Codes (`<area prefix>-<year>-<number>`) only on accepted records, numbered per area in the order
 * of acceptance. They are of 2025; the server's numbering (src/server/crud/numbering.ts) continues
 * after the highest code stored for each prefix and year.
 */
export function ticketsSgi(): Row[] {
  return [
    { status: 'RASCUNHO', area: 'Segurança', tipo: 'Desvio', severidade: 'Média', origem: 'Inspeção interna', titulo: 'Trabalho em altura sem linha de vida', obra: '101', dataOcorrencia: '2025-07-28', local: 'Cobertura do galpão, eixo D', descricao: 'Montador observado sem conexão à linha de vida durante fixação de telhas.', relator: p(P.sm) },
    { status: 'TRIAGEM', area: 'Meio Ambiente', tipo: 'Incidente', severidade: 'Alta', origem: 'Colaborador', titulo: 'Vazamento de óleo hidráulico da retroescavadeira', obra: '102', dataOcorrencia: '2025-07-21', descricao: 'Cerca de 5 litros de óleo no solo próximo à doca 3.', acaoImediata: 'Contenção com material absorvente e remoção do solo contaminado.', relator: p(P.sm), responsavel: p(P.renata) },
    { codigo: 'QUA-2025-0001', status: 'EM ANDAMENTO', area: 'Qualidade', tipo: 'RNC', severidade: 'Alta', origem: 'Inspeção interna', titulo: 'Espessura de pintura abaixo do especificado', obra: '101', dataOcorrencia: '2025-03-18', fornecedor: CNPJ.montagensIdeal, descricao: 'Treliça TR-07 recebida com 95 µm de pintura (especificado 120 µm).', acaoImediata: 'Peça segregada e identificada.', metodoAnalise: '5 Porquês', causaRaiz: 'Controle de espessura por amostragem insuficiente no fornecedor.', relator: p(P.gustavo), responsavel: p(P.renata), prazo: '2025-08-30' },
    { codigo: 'AUD-2025-0001', status: 'EM ANDAMENTO', area: 'Auditoria', tipo: 'Constatação de auditoria', severidade: 'Média', origem: 'Auditoria externa', titulo: 'Registros de calibração vencidos', dataOcorrencia: '2025-05-14', local: 'Laboratório da fábrica', descricao: 'Auditoria ISO 9001 encontrou 4 instrumentos com calibração vencida.', metodoAnalise: 'Ishikawa', causaRaiz: 'Ausência de alerta de vencimento no controle de instrumentos.', relator: p(P.renata), responsavel: p(P.renata), prazo: '2025-09-15' },
    { codigo: 'SEG-2025-0001', status: 'FINALIZADO', area: 'Segurança', tipo: 'Acidente', severidade: 'Crítica', origem: 'Colaborador', titulo: 'Corte na mão durante manuseio de chapa', obra: '103', dataOcorrencia: '2025-02-06', descricao: 'Ajudante sofreu corte ao manusear chapa sem luva anticorte.', acaoImediata: 'Atendimento no ambulatório e afastamento de 3 dias.', metodoAnalise: 'Árvore de causas', causaRaiz: 'Luvas anticorte indisponíveis no almoxarifado da obra.', relator: p(P.fernanda), responsavel: p(P.luciana), verificacaoEficacia: 'Sem novas ocorrências em 90 dias; estoque mínimo de EPI implantado.', dataFinalizacao: '2025-05-12' },
    { codigo: 'QUA-2025-0002', status: 'FINALIZADO', area: 'Qualidade', tipo: 'Reclamação de cliente', severidade: 'Baixa', origem: 'Cliente', titulo: 'Documentação as built entregue incompleta', obra: '105', cliente: CNPJ.atlantico, dataOcorrencia: '2025-05-26', descricao: 'Faltavam os as built de climatização no data book.', causaRaiz: 'Checklist de entrega não incluía a disciplina de climatização.', relator: p(P.posvendas), responsavel: p(P.renata), verificacaoEficacia: 'Checklist revisado e aplicado na obra 103.', dataFinalizacao: '2025-07-10' },
    // Staff file their own records: leitura@portal.local has one in draft and one in triage.
    { status: 'RASCUNHO', area: 'Qualidade', tipo: 'Oportunidade de melhoria', severidade: 'Baixa', origem: 'Colaborador', titulo: 'Padronizar etiquetas de identificação de cabos', dataOcorrencia: '2025-07-15', descricao: 'Sugestão de usar etiquetas termo-retráteis impressas em todas as obras.', relator: p(P.leitura) },
    { status: 'TRIAGEM', area: 'Auditoria', tipo: 'Constatação de auditoria', severidade: 'Baixa', origem: 'Colaborador', titulo: 'Procedimento de compras desatualizado', dataOcorrencia: '2025-07-02', descricao: 'PR-SUP-002 cita formulário que não existe mais.', relator: p(P.leitura) },
    { codigo: 'MAM-2025-0002', status: 'EM ANDAMENTO', area: 'Meio Ambiente', tipo: 'Desvio', severidade: 'Média', origem: 'Órgão fiscalizador', titulo: 'Descarte de resíduos sem manifesto (MTR)', obra: '104', dataOcorrencia: '2025-04-09', descricao: 'Fiscalização constatou saída de caçamba sem MTR.', acaoImediata: 'MTR emitido retroativamente e caçamba rastreada.', relator: p(P.fernanda), responsavel: p(P.renata), prazo: '2025-08-20' },
    { status: 'RASCUNHO', area: 'Meio Ambiente', tipo: 'Oportunidade de melhoria', severidade: 'Baixa', origem: 'Colaborador', titulo: 'Reuso da água de lavagem de betoneiras', obra: '102', dataOcorrencia: '2025-07-25', descricao: 'Implantar bacia de decantação para reuso da água.', relator: p(P.thiago) },
    // Every plan concluded but one in execution: concluding it finalises the record.
    { codigo: 'SEG-2025-0002', status: 'EM ANDAMENTO', area: 'Segurança', tipo: 'Incidente', severidade: 'Alta', origem: 'Inspeção interna', titulo: 'Queda de ferramenta da frente de montagem', obra: '101', dataOcorrencia: '2025-06-12', local: 'Frente de montagem, eixo B', descricao: 'Chave de boca caiu de 9 m de altura em área isolada; sem feridos.', acaoImediata: 'Frente paralisada por 2 horas e área de exclusão ampliada.', metodoAnalise: '5 Porquês', causaRaiz: 'Ferramentas manuais sem cordão de retenção e ausência de telas de proteção nos andaimes.', verificacaoEficacia: 'Inspeções semanais de julho a setembro sem ferramentas soltas em altura.', relator: p(P.sm), responsavel: p(P.sgi), prazo: '2025-09-30' },
    { codigo: 'MAM-2025-0001', status: 'FINALIZADO', area: 'Meio Ambiente', tipo: 'Desvio', severidade: 'Média', origem: 'Cliente', titulo: 'Emissão de poeira na terraplenagem', obra: '102', cliente: CNPJ.clienteNovo, dataOcorrencia: '2025-02-04', descricao: 'Nuvem de poeira atingiu a rodovia de acesso durante a terraplenagem.', acaoImediata: 'Umectação das vias com caminhão-pipa a cada 2 horas.', metodoAnalise: 'Ishikawa', causaRaiz: 'Plano de umectação não previa dias de vento forte.', relator: p(P.sm), responsavel: p(P.renata), verificacaoEficacia: 'Sem reclamações do cliente e dos vizinhos após a revisão do plano de umectação.', dataFinalizacao: '2025-04-15' },
  ];
}

export function planosAcao(sgi: Row[]): Row[] {
  const t = (codigo: string) => idBy(sgi, 'codigo', codigo);
  return [
    { ticket: t('QUA-2025-0001'), titulo: 'Tratativa da RNC de pintura', responsavel: p(P.renata), status: 'Em execução', prazo: '2025-08-30', acoes: [
      { oQue: 'Retocar a pintura da TR-07', porQue: 'Atender à especificação de 120 µm', onde: 'Canteiro da obra 101', quando: '2025-04-02', quem: 'sm@portal.local', como: 'Lixamento e nova demão de esmalte', quanto: 850, status: 'Concluída' },
      { oQue: 'Auditar o processo de pintura do fornecedor', porQue: 'Eliminar a causa raiz', onde: 'Fábrica do fornecedor', quando: '2025-08-20', quem: 'renata.costa@portal.local', como: 'Auditoria de processo com checklist', quanto: 2_400, status: 'Em andamento' },
      // The supplier's own action (decision 29): fornecedor@portal.local reports its progress and evidence.
      { oQue: 'Medir a espessura de pintura em 100% das peças antes do envio', porQue: 'Eliminar a causa raiz', onde: 'Fábrica do fornecedor', quando: '2025-08-25', quem: 'Sérgio Dias (Montagens Ideal)', fornecedor: CNPJ.montagensIdeal, como: 'Medidor de camada seca em cada peça, registro no romaneio', status: 'Pendente' },
    ] },
    { ticket: t('AUD-2025-0001'), titulo: 'Controle de calibração', responsavel: p(P.renata), status: 'Aberto', prazo: '2025-09-15', acoes: [
      { oQue: 'Calibrar os 4 instrumentos vencidos', quando: '2025-06-30', quem: 'Laboratório', status: 'Pendente', quanto: 1_960 },
      { oQue: 'Implantar alerta de vencimento no sistema', porQue: 'Evitar reincidência', quando: '2025-09-10', quem: 'thiago.nunes@portal.local', como: 'Relatório semanal automático', status: 'Pendente' },
    ] },
    { ticket: t('SEG-2025-0001'), titulo: 'Prevenção de cortes', responsavel: p(P.luciana), status: 'Concluído', prazo: '2025-04-30', eficaz: true, dataVerificacao: '2025-05-12', acoes: [
      { oQue: 'Definir estoque mínimo de luvas anticorte', quando: '2025-02-20', quem: 'luciana.ferraz@portal.local', status: 'Concluída' },
      { oQue: 'DDS sobre manuseio de chapas em todas as obras', quando: '2025-03-07', quem: 'Técnicos de segurança', status: 'Concluída' },
    ], observacoes: nota('2025-05-12T10:20', P.luciana, 'Concluir plano', 'Sem novas ocorrências em 90 dias; estoque mínimo de luvas conferido nas obras 101 e 103.') },
    { ticket: t('QUA-2025-0002'), titulo: 'Revisão do checklist de entrega', responsavel: p(P.renata), status: 'Concluído', eficaz: true, dataVerificacao: '2025-07-10', acoes: [
      { oQue: 'Incluir climatização no checklist de data book', quando: '2025-06-06', quem: 'renata.costa@portal.local', status: 'Concluída' },
    ], observacoes: nota('2025-07-10T15:45', P.renata, 'Concluir plano', 'Checklist revisado aplicado na entrega parcial da obra 103 sem pendências.') },
    { ticket: t('MAM-2025-0002'), titulo: 'Gestão de resíduos da obra 104', responsavel: p(P.fernanda), status: 'Em execução', prazo: '2025-08-20', acoes: [
      { oQue: 'Treinar a equipe sobre emissão de MTR', onde: 'Obra 104', quando: '2025-05-15', quem: 'fernanda.lima@portal.local', status: 'Concluída' },
      { oQue: 'Contratar transportador licenciado com MTR integrado', quando: '2025-08-15', quem: 'Suprimentos', quanto: 12_000, status: 'Em andamento' },
      { oQue: 'Auditoria mensal de manifestos', quando: '2025-08-20', quem: 'renata.costa@portal.local', status: 'Cancelada' },
    ] },
    { ticket: t('SEG-2025-0002'), titulo: 'Cordões de retenção para ferramentas manuais', responsavel: p(P.sgi), status: 'Concluído', prazo: '2025-06-30', eficaz: true, dataVerificacao: '2025-07-04', acoes: [
      { oQue: 'Comprar cordões de retenção e mosquetões', quando: '2025-06-20', quem: 'Suprimentos', quanto: 3_480, status: 'Concluída' },
      { oQue: 'Distribuir e registrar a entrega aos montadores', onde: 'Obra 101', quando: '2025-06-27', quem: 'sm@portal.local', status: 'Concluída' },
    ], observacoes: nota('2025-07-04T09:10', P.sgi, 'Concluir plano', 'Inspeção de 03/07 encontrou 100% das ferramentas em altura com cordão.') },
    { ticket: t('SEG-2025-0002'), titulo: 'DDS sobre queda de objetos', responsavel: p(P.sgi), status: 'Concluído', prazo: '2025-06-20', eficaz: true, dataVerificacao: '2025-06-23', acoes: [
      { oQue: 'Realizar DDS sobre queda de objetos em todas as frentes', onde: 'Obra 101', quando: '2025-06-16', quem: 'Técnico de segurança', status: 'Concluída' },
    ], observacoes: nota('2025-06-23T16:30', P.sgi, 'Concluir plano', 'Lista de presença com 100% do efetivo da montagem.') },
    { ticket: t('SEG-2025-0002'), titulo: 'Telas de proteção nos andaimes da frente de montagem', responsavel: p(P.sgi), status: 'Em execução', prazo: '2025-09-30', acoes: [
      { oQue: 'Instalar telas de proteção nos andaimes dos eixos A a D', porQue: 'Conter a queda de objetos', onde: 'Obra 101, frente de montagem', quando: '2025-08-29', quem: 'sm@portal.local', como: 'Tela de polietileno fixada a cada 50 cm', quanto: 9_600, status: 'Em andamento' },
      { oQue: 'Verificar a eficácia em inspeções semanais', quando: '2025-09-30', quem: 'sgi@portal.local', status: 'Pendente' },
    ] },
    { ticket: t('MAM-2025-0001'), titulo: 'Controle de poeira na terraplenagem', responsavel: p(P.renata), status: 'Concluído', prazo: '2025-03-31', eficaz: true, dataVerificacao: '2025-04-15', acoes: [
      { oQue: 'Revisar o plano de umectação para dias de vento forte', quando: '2025-02-14', quem: 'sm@portal.local', status: 'Concluída' },
      { oQue: 'Instalar anemômetro no canteiro', onde: 'Obra 102', quando: '2025-02-28', quem: 'Suprimentos', quanto: 1_150, status: 'Concluída' },
    ], observacoes: nota('2025-04-15T11:00', P.renata, 'Concluir plano', 'Dois meses sem reclamações; plano de umectação incorporado ao PGA da obra.') },
  ];
}

export function relatosEtica(): Row[] {
  // `emailRelator` is the reporter (set by the server when filing); handlers never see it on anonymous reports.
  return [
    { protocolo: 'ET-2025-00001', dataRelato: '2025-02-18T21:14:00-03:00', status: 'Finalizada', anonimo: true, emailRelator: 'andre.martins@portal.local', categoria: 'Conflito de interesses', assunto: 'Possível favorecimento em cotação', descricao: 'Relato de que um comprador teria favorecido fornecedor de parente em cotação de EPIs.', responsavel: p(P.etica), parecer: nota('2025-04-02T17:10', P.etica, 'Finalizar apuração', 'Apuração não confirmou o favorecimento; processo de cotação reforçado com terceira proposta obrigatória.'), dataConclusao: '2025-04-02' },
    { protocolo: 'ET-2025-00002', dataRelato: '2025-06-03T10:05:00-03:00', status: 'Em andamento', anonimo: false, nomeRelator: 'Thiago Nunes', emailRelator: 'thiago.nunes@portal.local', categoria: 'Assédio moral', assunto: 'Conduta de encarregado de subempreiteira', obra: '102', dataFato: '2025-05-29', local: 'Frente de montagem', envolvidos: 'Encarregado da subempreiteira (nome preservado)', descricao: 'Relato de gritos e ameaças frequentes à equipe durante a montagem.', responsavel: p(P.etica) },
    { protocolo: 'ET-2025-00003', dataRelato: '2025-07-27T19:40:00-03:00', status: 'Aberto', anonimo: true, emailRelator: 'leitura@portal.local', categoria: 'Segurança do trabalho', assunto: 'Pressão para trabalhar sem permissão de trabalho', descricao: 'Equipe teria sido orientada a iniciar serviço elétrico antes da emissão da PT.' },
    { protocolo: 'ET-2025-00004', dataRelato: '2025-07-30T08:25:00-03:00', status: 'Aberto', anonimo: false, nomeRelator: 'Fernanda Lima', emailRelator: 'fernanda.lima@portal.local', categoria: 'Fraude', assunto: 'Medição de serviço não executado', obra: '103', dataFato: '2025-07-25', descricao: 'Boletim de medição da subempreiteira inclui 300 m de eletrocalha que ainda não foram instalados.' },
  ];
}

/**
 * `Termos de uso` and `Política de privacidade`, in the app's own words. Raising TERMS_VERSION
 * asks everyone to accept again (the app's dialog reads myData:termsStatus). Pure.
 */
export const TERMS_VERSION = 2;

export const TERMS_TITLE = "Termos de uso";
export const PRIVACY_TITLE = "Política de privacidade";

export const TERMS_OF_USE: readonly string[] = [
  "O Apoie reúne quem cria eventos e quem os apoia. Ao usar o Apoie você aceita estes termos.",
  "Sua carteira começa com R$ 50,00 de bônus de boas-vindas, que serve para apoiar e comprar ingressos, mas não pode ser sacado. Dinheiro depositado por PIX e repasses recebidos podem ser sacados.",
  "Um evento “Tudo ou nada” só recebe o dinheiro se atingir a meta até a data; se não atingir, ou se for cancelado, cada apoio volta para a carteira de quem apoiou. Um evento “Flexível” recebe o que arrecadar.",
  "Quem cria um evento é responsável por realizá-lo e por entregar as recompensas prometidas.",
  "Compras de ingressos podem ser canceladas em até 7 dias, como o Código de Defesa do Consumidor garante, nas condições mostradas em cada ingresso.",
  "Não use o chat nem os eventos para enganar, ofender ou divulgar dados de outras pessoas. Podemos limitar ações repetidas para proteger o serviço.",
];

export const PRIVACY_POLICY: readonly string[] = [
  "Guardamos apenas o que o Apoie precisa para funcionar: seu perfil (nome, e-mail, foto), seus acessos, sua carteira e extrato, seus PIX, apoios, ingressos, listas de espera, mensagens e notificações.",
  "O organizador de um evento que você apoia recebe seu nome, e-mail, valor, recompensa e resposta, apenas para entregar a recompensa. Você pode apoiar sem mostrar seu nome aos outros apoiadores.",
  "Pela Lei Geral de Proteção de Dados (Lei 13.709/2018) você pode ver o que guardamos, baixar uma cópia, corrigir seus dados e excluir sua conta, tudo em Meus dados, no menu da sua conta.",
  "Ao excluir a conta, seu nome, e-mail e foto saem na hora. Registros financeiros ficam 5 anos, sem seu nome, porque a lei tributária exige; registros de acesso ficam 6 meses, como exige o Marco Civil da Internet. Depois disso são apagados.",
  "O bônus de boas-vindas é um por e-mail: guardamos uma impressão digital cifrada de cada e-mail que já o recebeu, da qual não se lê o e-mail, para não dá-lo de novo a quem exclui a conta e volta com o mesmo e-mail.",
  "Pagamentos por PIX passam pelo nosso provedor de pagamentos, que recebe o necessário para cada pagamento ou saque. Não vendemos seus dados.",
];

/** The dialog that asks for them (src/features/my-data/terms-gate.tsx). */
export const TERMS_GATE_TEXTS = {
  title: "Termos de uso e Política de privacidade",
  intro: "Para usar sua conta no Apoie, leia e aceite os Termos de uso e a Política de privacidade.",
  textsLabel: "Textos dos termos",
  accept: "Aceitar",
  refuse: "Recusar e sair",
} as const;

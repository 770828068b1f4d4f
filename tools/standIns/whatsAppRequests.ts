/**
 * The stand-in's check of a send request, as Meta checks one: a template message (a business may start a
 * conversation with nothing else), to a number, of a template it knows, with the parameters that template takes.
 */

/** A template the stand-in knows: its name, language, whether it has an image header, and its body's parameters. */
export interface KnownTemplate {
  name: string;
  language: string;
  imageHeader: boolean;
  bodyParameters: number;
}

export interface AcceptedRequest {
  to: string;
  template: string;
  /** The image header's link, when the template has one. */
  imageLink: string | null;
  /** The body's parameters, in order. */
  body: string[];
  callbackData: string | null;
}

export type RequestCheck = { ok: true; request: AcceptedRequest } | { ok: false; code: number; details: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const refuse = (code: number, details: string): RequestCheck => ({ ok: false, code, details });

function componentOf(components: unknown[], type: string): Record<string, unknown> | null {
  const found = components.find((component) => isObject(component) && component.type === type);
  return isObject(found) ? found : null;
}

function parametersOf(component: Record<string, unknown> | null): unknown[] {
  return component && Array.isArray(component.parameters) ? component.parameters : [];
}

const isLink = (value: unknown) => typeof value === 'string' && /^https?:\/\/\S+$/.test(value);

export function checkSendRequest(body: unknown, templates: readonly KnownTemplate[]): RequestCheck {
  if (!isObject(body)) return refuse(100, 'The request body is not a JSON object.');
  if (body.messaging_product !== 'whatsapp') return refuse(100, 'The parameter messaging_product is required.');
  if (typeof body.to !== 'string' || !/^\+?\d{8,15}$/.test(body.to))
    return refuse(100, 'The parameter to is not a valid phone number.');
  if (body.type !== 'template' || !isObject(body.template))
    return refuse(
      131047,
      'Message failed to send because more than 24 hours have passed since the customer last replied.',
    );
  const { name, language, components } = body.template;
  const code = isObject(language) ? language.code : undefined;
  const template = templates.find((known) => known.name === name && known.language === code);
  if (!template) return refuse(132001, `template name (${String(name)}) does not exist in ${String(code)}`);
  const list = Array.isArray(components) ? components : [];
  const header = parametersOf(componentOf(list, 'header'));
  const bodyParameters = parametersOf(componentOf(list, 'body'));
  if (bodyParameters.length !== template.bodyParameters || header.length !== (template.imageHeader ? 1 : 0))
    return refuse(
      132000,
      `number of localizable_params (${bodyParameters.length}) does not match the expected number of params ` +
        `(${template.bodyParameters})`,
    );
  let imageLink: string | null = null;
  if (template.imageHeader) {
    const image = header[0];
    const link = isObject(image) && image.type === 'image' && isObject(image.image) ? image.image.link : undefined;
    if (!isLink(link)) return refuse(131009, 'The header image must be given by a link.');
    imageLink = String(link);
  }
  const texts: string[] = [];
  for (const parameter of bodyParameters) {
    if (!isObject(parameter) || parameter.type !== 'text' || typeof parameter.text !== 'string' || !parameter.text)
      return refuse(131008, 'A body parameter is missing its text.');
    if (/[\n\t]| {5,}/.test(parameter.text))
      return refuse(132018, 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces.');
    texts.push(parameter.text);
  }
  const callbackData = typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : null;
  return {
    ok: true,
    request: { to: body.to.replace(/^\+/, ''), template: String(name), imageLink, body: texts, callbackData },
  };
}

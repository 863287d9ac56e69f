// Terms and conditions of the site and the portal, one document per language (only the current one is shown).
import type { LegalDocument, Publisher } from './legal-types';

const who = (p: Publisher) => `${p.name}${p.taxId ? ` (NIF ${p.taxId})` : ''}, ${p.address}`;

// eslint-disable-next-line max-lines-per-function -- the legal text of both languages, kept whole so each reads as one document
export function termsDocument(lang: 'en' | 'es', p: Publisher): LegalDocument {
  if (lang === 'en') {
    return {
      updated: '2026-11-01',
      intro: [
        `These terms govern the use of this website and of the container tracking portal (the "Service") published by ${who(p)} ("we"), a logistics company based in Spain. By using the website, sending the contact form or signing in to the portal you accept these terms. If you do not accept them, please do not use the Service.`,
      ],
      sections: [
        {
          heading: '1. What the Service is',
          paragraphs: [
            'The Service lets freight forwarders, shippers and other business customers register tracking requests by booking, bill of lading or container number and follow the resulting shipments across shipping lines: status dashboards, lists, maps, alerts, reports and integration with the customer’s own systems.',
            'The public part of the website describes the Service and lets visitors ask for information. The portal itself is reserved for customers with a contract and user accounts issued by us.',
          ],
        },
        {
          heading: '2. Accounts and access',
          list: [
            'User accounts are personal. Keep your password secret and tell us at once if you think someone else has used it.',
            'Your company’s administrator decides which users may create, change or only read information; we apply those permissions.',
            'We may suspend an account that is used against these terms, to protect the Service or other customers, or when the contract ends.',
          ],
        },
        {
          heading: '3. Information about shipments',
          paragraphs: [
            'Statuses, dates, positions and events come from shipping lines, terminals, satellite positioning providers and other third parties. We process them with care, but we cannot guarantee that they are complete, exact or up to date at every moment. Planned dates are estimates.',
            'The Service is a tool for following shipments; it does not replace the transport documents, nor the communications of the carrier, nor any legal or customs obligation of the customer.',
          ],
        },
        {
          heading: '4. Acceptable use',
          list: [
            'Use the Service only for your company’s own shipments or those you manage on behalf of your customers.',
            'Do not try to reach data of other customers, to overload the Service, to extract data automatically outside the documented API, or to circumvent its security.',
            'Do not send through the contact form or the portal content that is unlawful, misleading or that infringes the rights of others.',
          ],
        },
        {
          heading: '5. Intellectual property',
          paragraphs: [
            'The software, design, texts and images of the website and the portal belong to us or to our licensors. Using the Service does not transfer any right over them beyond what is needed to use it under these terms. The data you load remain yours.',
          ],
        },
        {
          heading: '6. Prices',
          paragraphs: [
            'The portal is billed by annual container volume, as agreed in each customer’s contract. Information given on this website or in answer to a request is not binding until a contract is signed.',
          ],
        },
        {
          heading: '7. Liability',
          paragraphs: [
            'We answer for damage caused by our wilful misconduct or gross negligence. Within the limits allowed by law, we do not answer for indirect damage, loss of profit, or decisions taken on the basis of third-party information shown in the Service, nor for interruptions caused by maintenance announced in advance or by events beyond our reasonable control.',
          ],
        },
        {
          heading: '8. Personal data',
          paragraphs: [
            'We process personal data as explained in the Privacy Policy, which forms part of these terms.',
          ],
        },
        {
          heading: '9. Changes',
          paragraphs: [
            'We may change these terms to reflect changes in the Service or in the law. The date at the top shows the current version; significant changes are announced to customers in advance.',
          ],
        },
        {
          heading: '10. Law and jurisdiction',
          paragraphs: [
            'These terms are governed by Spanish law. Unless the law provides otherwise (in particular for consumers), any dispute will be settled by the courts of Valencia (Spain).',
            `Contact: ${p.email}.`,
          ],
        },
      ],
    };
  }
  return {
    updated: '2026-11-01',
    intro: [
      `Estos términos regulan el uso de este sitio web y del portal de seguimiento de contenedores (el «Servicio») publicados por ${who(p)} («nosotros»), empresa logística con sede en España. Al usar el sitio web, enviar el formulario de contacto o iniciar sesión en el portal aceptas estos términos. Si no los aceptas, no utilices el Servicio.`,
    ],
    sections: [
      {
        heading: '1. Qué es el Servicio',
        paragraphs: [
          'El Servicio permite a transitarios, cargadores y otros clientes profesionales registrar solicitudes de seguimiento por número de reserva, de conocimiento de embarque o de contenedor y seguir los envíos resultantes en todas las navieras: paneles de estado, listas, mapas, alertas, informes e integración con los sistemas del propio cliente.',
          'La parte pública del sitio web describe el Servicio y permite a los visitantes pedir información. El portal está reservado a clientes con contrato y con cuentas de usuario emitidas por nosotros.',
        ],
      },
      {
        heading: '2. Cuentas y acceso',
        list: [
          'Las cuentas de usuario son personales. Mantén tu contraseña en secreto y avísanos enseguida si crees que otra persona la ha usado.',
          'El administrador de tu empresa decide qué usuarios pueden crear, cambiar o solo consultar información; nosotros aplicamos esos permisos.',
          'Podemos suspender una cuenta que se use en contra de estos términos, para proteger el Servicio o a otros clientes, o cuando termine el contrato.',
        ],
      },
      {
        heading: '3. Información sobre los envíos',
        paragraphs: [
          'Los estados, fechas, posiciones y eventos proceden de navieras, terminales, proveedores de posicionamiento por satélite y otros terceros. Los tratamos con cuidado, pero no podemos garantizar que estén completos, sean exactos o estén actualizados en todo momento. Las fechas previstas son estimaciones.',
          'El Servicio es una herramienta para seguir envíos; no sustituye a los documentos de transporte, ni a las comunicaciones de la naviera, ni a ninguna obligación legal o aduanera del cliente.',
        ],
      },
      {
        heading: '4. Uso aceptable',
        list: [
          'Usa el Servicio solo para los envíos de tu empresa o para los que gestionas por cuenta de tus clientes.',
          'No intentes acceder a datos de otros clientes, sobrecargar el Servicio, extraer datos de forma automática fuera de la API documentada ni eludir su seguridad.',
          'No envíes por el formulario de contacto ni por el portal contenidos ilícitos, engañosos o que vulneren derechos de terceros.',
        ],
      },
      {
        heading: '5. Propiedad intelectual',
        paragraphs: [
          'El software, el diseño, los textos y las imágenes del sitio web y del portal nos pertenecen a nosotros o a nuestros licenciantes. Usar el Servicio no transmite ningún derecho sobre ellos más allá del necesario para utilizarlo conforme a estos términos. Los datos que cargas siguen siendo tuyos.',
        ],
      },
      {
        heading: '6. Precios',
        paragraphs: [
          'El portal se factura según el volumen anual de contenedores, en los términos del contrato de cada cliente. La información que se da en este sitio web o en respuesta a una solicitud no es vinculante hasta que se firma un contrato.',
        ],
      },
      {
        heading: '7. Responsabilidad',
        paragraphs: [
          'Respondemos de los daños causados por dolo o negligencia grave por nuestra parte. En los límites que permite la ley, no respondemos de daños indirectos, lucro cesante ni decisiones tomadas a partir de información de terceros mostrada en el Servicio, ni de interrupciones debidas a mantenimientos anunciados con antelación o a hechos fuera de nuestro control razonable.',
        ],
      },
      {
        heading: '8. Datos personales',
        paragraphs: [
          'Tratamos los datos personales como se explica en la Política de Privacidad, que forma parte de estos términos.',
        ],
      },
      {
        heading: '9. Cambios',
        paragraphs: [
          'Podemos cambiar estos términos para reflejar cambios en el Servicio o en la ley. La fecha del principio indica la versión vigente; los cambios importantes se anuncian a los clientes con antelación.',
        ],
      },
      {
        heading: '10. Ley aplicable y jurisdicción',
        paragraphs: [
          'Estos términos se rigen por la ley española. Salvo que la ley disponga otra cosa (en particular para consumidores), cualquier controversia se resolverá ante los juzgados y tribunales de Valencia (España).',
          `Contacto: ${p.email}.`,
        ],
      },
    ],
  };
}

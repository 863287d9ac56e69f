// Privacy policy (GDPR / Spanish LOPDGDD), one document per language, with the two layers the AEPD recommends:
// the basic-information table and the detailed table (controller, purpose, legitimation, recipients, rights).
// Personal data is kept until the data subject asks for its deletion (spec section 9).
import type { LegalDocument, PrivacyTables, Publisher } from './legal-types';

// eslint-disable-next-line max-lines-per-function -- the legal text tables of both languages, kept whole so each reads as one document
export function privacyTables(lang: 'en' | 'es', p: Publisher): PrivacyTables {
  const id = `${p.name}${p.taxId ? `, NIF ${p.taxId}` : ''}`;
  if (lang === 'en') {
    return {
      basic: [
        { item: 'Controller', summary: p.name },
        {
          item: 'Purpose',
          summary: 'Answering your requests for information and providing the portal to customers.',
        },
        { item: 'Legitimation', summary: 'Your consent, and the contract with customers.' },
        {
          item: 'Recipients',
          summary: 'No data is transferred to third parties, except by legal obligation.',
        },
        {
          item: 'Rights',
          summary:
            'Access, rectification, erasure, objection, restriction and portability, as explained in the detailed information.',
        },
        { item: 'Additional information', summary: 'See the detailed information below.' },
      ],
      detailed: [
        {
          item: 'Controller',
          details: [
            `${id}, a logistics company based in Spain.`,
            `Address: ${p.address}.`,
            `E-mail for data protection matters: ${p.email}.`,
          ],
        },
        {
          item: 'Purpose',
          details: [
            'Contact form: to answer your request, send you the information you asked for and, if you wish, arrange a demonstration. We do not send advertising unless you ask us to.',
            'Portal users: to manage the user account, provide the tracking service, send the alerts and reports each user configures, and keep the security of the service.',
            'How long: personal data is kept until you ask us to delete it. After that it is kept blocked only for the periods in which legal claims may arise, and then destroyed.',
            'No automated decisions or profiling are carried out with your data.',
          ],
        },
        {
          item: 'Legitimation',
          details: [
            'Contact form: your consent, given by ticking the box before sending (Art. 6.1.a GDPR). You can withdraw it at any time without affecting earlier processing.',
            'Portal users: the performance of the contract with the customer company the user works for (Art. 6.1.b GDPR) and our legitimate interest in keeping the service secure (Art. 6.1.f GDPR).',
          ],
        },
        {
          item: 'Recipients',
          details: [
            'We do not sell or transfer personal data to third parties, except where a law requires it.',
            'Providers that host the service and deliver our e-mail process data on our behalf under a data processing agreement, within the European Economic Area.',
          ],
        },
        {
          item: 'Rights',
          details: [
            'You may ask for access to your data, its rectification or erasure, restrict or object to its processing, and ask for its portability, by writing to the e-mail above with a copy of an identity document or from the e-mail address you used with us.',
            'If you think we have not handled your data properly you may complain to the Spanish Data Protection Agency (www.aepd.es).',
          ],
        },
      ],
    };
  }
  return {
    basic: [
      { item: 'Responsable', summary: p.name },
      {
        item: 'Finalidad',
        summary: 'Atender tus solicitudes de información y prestar el servicio del portal a los clientes.',
      },
      { item: 'Legitimación', summary: 'Tu consentimiento y el contrato con los clientes.' },
      { item: 'Destinatarios', summary: 'No se ceden datos a terceros, salvo obligación legal.' },
      {
        item: 'Derechos',
        summary:
          'Acceso, rectificación, supresión, oposición, limitación y portabilidad, como se explica en la información detallada.',
      },
      { item: 'Información adicional', summary: 'Consulta la información detallada más abajo.' },
    ],
    detailed: [
      {
        item: 'Responsable',
        details: [
          `${id}, empresa logística con sede en España.`,
          `Dirección: ${p.address}.`,
          `Correo electrónico para protección de datos: ${p.email}.`,
        ],
      },
      {
        item: 'Finalidad',
        details: [
          'Formulario de contacto: responder a tu solicitud, enviarte la información que has pedido y, si lo deseas, preparar una demostración. No enviamos publicidad salvo que nos la pidas.',
          'Usuarios del portal: gestionar la cuenta de usuario, prestar el servicio de seguimiento, enviar las alertas e informes que cada usuario configura y mantener la seguridad del servicio.',
          'Plazo: los datos personales se conservan hasta que solicites su supresión. Después se mantienen bloqueados solo durante los plazos en que puedan surgir responsabilidades legales, y luego se destruyen.',
          'No se toman decisiones automatizadas ni se elaboran perfiles con tus datos.',
        ],
      },
      {
        item: 'Legitimación',
        details: [
          'Formulario de contacto: tu consentimiento, que das al marcar la casilla antes de enviar (art. 6.1.a RGPD). Puedes retirarlo en cualquier momento sin que afecte a los tratamientos anteriores.',
          'Usuarios del portal: la ejecución del contrato con la empresa cliente para la que trabaja el usuario (art. 6.1.b RGPD) y nuestro interés legítimo en mantener la seguridad del servicio (art. 6.1.f RGPD).',
        ],
      },
      {
        item: 'Destinatarios',
        details: [
          'No vendemos ni cedemos datos personales a terceros, salvo cuando lo exija una ley.',
          'Los proveedores que alojan el servicio y entregan nuestro correo tratan datos por nuestra cuenta con un contrato de encargo de tratamiento, dentro del Espacio Económico Europeo.',
        ],
      },
      {
        item: 'Derechos',
        details: [
          'Puedes solicitar el acceso a tus datos, su rectificación o supresión, limitar u oponerte a su tratamiento y pedir su portabilidad, escribiendo al correo indicado con copia de un documento de identidad o desde la dirección de correo que usaste con nosotros.',
          'Si consideras que no hemos tratado bien tus datos puedes reclamar ante la Agencia Española de Protección de Datos (www.aepd.es).',
        ],
      },
    ],
  };
}

export function privacyDocument(lang: 'en' | 'es', p: Publisher): LegalDocument {
  if (lang === 'en') {
    return {
      updated: '2026-11-01',
      intro: [
        `This policy explains how ${p.name}, a logistics company based in Spain, processes the personal data of the visitors of this website and of the users of the container tracking portal, in accordance with Regulation (EU) 2016/679 (GDPR) and Spanish Organic Law 3/2018 (LOPDGDD).`,
      ],
      sections: [
        {
          heading: 'What data we process',
          list: [
            'Contact form: name, e-mail, company and, if you give them, phone and remarks, together with the language of the page, the date and the network address the request came from (used only to prevent abuse).',
            'Portal users: name, user name, e-mail, company, settings and the record of actions needed for the security of the service.',
          ],
        },
        {
          heading: 'Cookies and local storage',
          paragraphs: [
            'This website does not use advertising or analytics cookies. The browser’s local storage keeps only your language choice and, for portal users, the session token; both are needed for the site to work and are removed when you log out or clear the browser’s data.',
          ],
        },
        {
          heading: 'Security',
          paragraphs: [
            'We apply technical and organisational measures appropriate to the risk: encrypted connections, passwords stored only as salted hashes, access limited by role, and per-company separation of data.',
          ],
        },
        {
          heading: 'Changes to this policy',
          paragraphs: [
            'The date at the top shows the current version. Relevant changes are announced on this page.',
          ],
        },
      ],
    };
  }
  return {
    updated: '2026-11-01',
    intro: [
      `Esta política explica cómo ${p.name}, empresa logística con sede en España, trata los datos personales de los visitantes de este sitio web y de los usuarios del portal de seguimiento de contenedores, conforme al Reglamento (UE) 2016/679 (RGPD) y a la Ley Orgánica 3/2018 (LOPDGDD).`,
    ],
    sections: [
      {
        heading: 'Qué datos tratamos',
        list: [
          'Formulario de contacto: nombre, correo electrónico, empresa y, si los indicas, teléfono y observaciones, junto con el idioma de la página, la fecha y la dirección de red desde la que llegó la solicitud (usada solo para evitar abusos).',
          'Usuarios del portal: nombre, nombre de usuario, correo electrónico, empresa, preferencias y el registro de acciones necesario para la seguridad del servicio.',
        ],
      },
      {
        heading: 'Cookies y almacenamiento local',
        paragraphs: [
          'Este sitio web no usa cookies publicitarias ni de analítica. El almacenamiento local del navegador guarda solo tu elección de idioma y, para los usuarios del portal, el testigo de sesión; ambos son necesarios para que el sitio funcione y se borran al cerrar sesión o al borrar los datos del navegador.',
        ],
      },
      {
        heading: 'Seguridad',
        paragraphs: [
          'Aplicamos medidas técnicas y organizativas adecuadas al riesgo: conexiones cifradas, contraseñas guardadas solo como resúmenes con sal, acceso limitado por rol y separación de los datos por empresa.',
        ],
      },
      {
        heading: 'Cambios en esta política',
        paragraphs: [
          'La fecha del principio indica la versión vigente. Los cambios relevantes se anuncian en esta página.',
        ],
      },
    ],
  };
}

// The route schemas of exports.ts (the export's field list and the xlsx download), in the order the routes are
// registered (that order is the OpenAPI document's), and the limits they document.
import { Type } from '@sinclair/typebox';
import { errors } from '../../lib/schemas';
import { ShipmentListQuery } from './schema';

/** The most rows one export may hold (the target is 100,000 in under 10 s). */
export const MAX_EXPORT_ROWS = 200_000;
export const NO_COLUMNS_MESSAGE = 'Select columns to display';
export const MAX_COLUMNS = 400;

/** GET /shipments/export_fields/ */
export const exportFieldsRoute = {
  tags: ['shipments'],
  summary: 'The fields a shipment export can hold, grouped by section',
  description:
    'Each field has a stable key (what `columns` of GET shipments/export/ takes), a label in en and es and ' +
    'a type. Custom-form fields of the caller’s company come last, keyed `sf.<property>`.',
  security: [{ token: [] }],
  response: {
    200: Type.Object({
      count: Type.Integer({ description: 'Number of fields' }),
      sections: Type.Array(
        Type.Object({
          key: Type.String(),
          label: Type.Object({ en: Type.String(), es: Type.String() }),
          fields: Type.Array(
            Type.Object({
              key: Type.String(),
              label: Type.Object({ en: Type.String(), es: Type.String() }),
              type: Type.String({
                enum: ['string', 'integer', 'number', 'datetime', 'date', 'boolean'],
              }),
            }),
          ),
        }),
      ),
    }),
    ...errors[401],
    ...errors[403],
  },
};

/** GET /shipments/export/ */
export const exportRoute = {
  tags: ['shipments'],
  summary: 'Download the filtered shipment list as xlsx, with the chosen columns',
  description:
    'Takes every filter of GET shipments/ (and its ordering); the rows are the list’s rows for those ' +
    'filters, in the same order, unpaged. `columns` (repeat the key) picks the fields of ' +
    `GET shipments/export_fields/, in order; none answers 400 {columns: ['${NO_COLUMNS_MESSAGE}']}. ` +
    '`filename` (default shipments) names the file in Content-Disposition; `lang` (en or es; default the ' +
    'Accept-Language, else es) the headers. The file is streamed; dates are Excel dates (UTC), the header ' +
    `row is frozen with an autofilter. At most ${MAX_EXPORT_ROWS} rows.`,
  security: [{ token: [] }],
  querystring: Type.Composite(
    [
      Type.Omit(ShipmentListQuery, ['page']),
      Type.Object({
        columns: Type.Optional(
          Type.Union(
            [
              Type.String({ maxLength: 10_000 }),
              Type.Array(Type.String({ maxLength: 200 }), { maxItems: MAX_COLUMNS }),
            ],
            {
              description: 'Field keys (repeat the key)',
            },
          ),
        ),
        filename: Type.Optional(Type.String({ maxLength: 200, description: 'File name without extension' })),
        lang: Type.Optional(Type.String({ enum: ['en', 'es'], description: 'Language of the headers' })),
      }),
    ],
    { additionalProperties: true },
  ),
  response: {
    200: Type.String({ format: 'binary', description: 'The xlsx file' }),
    ...errors[400](),
    ...errors[401],
    ...errors[403],
  },
};

import { Type } from '@sinclair/typebox';
import { Id } from '../../http/schemas.js';

export const PreferredIeGroupSchema = Type.Object(
  { id: Type.Integer({ description: 'IE group (grupo IE) id' }), nome: Type.String() },
  { $id: 'PreferredIeGroup' },
);

export const IeGroupPreferenceSchema = Type.Object(
  {
    grupoIe: Type.Union([Type.Ref(PreferredIeGroupSchema), Type.Null()], {
      description:
        "The caller's default IE group, used by the dashboard and list operations when a request names no group; " +
        'null when none is set (or the token no longer allows the stored one)',
    }),
  },
  { $id: 'IeGroupPreference' },
);

export const GroupParams = Type.Object({
  grupie: Id("IE group id: the token's grupoIe, or the group of one of its IEs (operators: any group)"),
});

/** No query parameters: an unknown one is 400, like an unknown body field. */
export const NoQuery = Type.Object({}, { additionalProperties: false });

export const preferenceSchemas = [PreferredIeGroupSchema, IeGroupPreferenceSchema];

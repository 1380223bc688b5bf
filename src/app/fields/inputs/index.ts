/**
 * The form widgets of the field kinds, by the names the descriptors (src/app/fields/kinds/) give
 * them. Imported by form-items.tsx only, so they load with the forms, not with the lists.
 */
import { BooleanInput, DateInput, DateTimeInput, EmailInput, EnumInput, LongTextInput, NumberInput, TagsInput, TextInput } from './basic';
import { FilesInput } from './files-input';
import { ObjectFormItem, RowsFormItem } from './groups';
import { PersonInput } from './person-input';
import { ReferenceSelect } from './reference-select';

/** Widgets of one value (what a `Form.Item` wraps). */
export const VALUE_INPUTS = {
  TextInput,
  EmailInput,
  LongTextInput,
  NumberInput,
  DateInput,
  DateTimeInput,
  BooleanInput,
  EnumInput,
  TagsInput,
  ReferenceSelect,
  PersonInput,
  FilesInput,
};

/** Groups of sub-field items under a name. */
export const GROUP_INPUTS = {
  ObjectFormItem,
  RowsFormItem,
};

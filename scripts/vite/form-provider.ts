/**
 * Build plugin: antd's `form/context.js` — imported by every input (Input, Select, Button's
 * compact space…) for `FormItemInputContext` — takes `FormProvider` from `rc-field-form`'s index,
 * which attaches Field, List, useForm and useWatch to its default export at load time. That keeps
 * the whole field store and async-validator (~15 KiB gzip) in any page with an input, /login
 * included, even without a `<Form>`. `FormProvider` is defined in `rc-field-form/es/FormContext`;
 * importing it from there is the same binding without the rest. Pages that render antd's `Form`
 * still load rc-field-form through `Form.js`. Build only: the tests keep Node's own resolution.
 */
import type { Plugin } from 'vite';

export function formProvider(): Plugin {
  return {
    name: 'portal:form-provider',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'rc-field-form' || !importer || !/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
      return this.resolve('rc-field-form/es/FormContext', importer, { skipSelf: true });
    },
  };
}

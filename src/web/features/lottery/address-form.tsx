import { type ReactNode, useId, useRef, useState } from 'react';
import { ADDRESS_MAX, ADDRESS_REQUIRED, type AddressField, type AddressProblem, addressProblems } from '../../../shared/address-rules';
import type { ShippingAddressFields } from '../../../shared/api/addresses';
import { useTranslation } from '../../i18n/react';
import { loadRules } from '../accounts/lazy-rules';
import './raffle.css';

export type AddressValues = Record<AddressField, string>;

export const EMPTY_ADDRESS: AddressValues = {
  fullName: '',
  phone: '',
  country: '',
  province: '',
  city: '',
  street: '',
  detail: '',
  postCode: '',
  email: '',
  taxId: '',
  remark: '',
};

/** The form's values from a stored address (or the empty form). */
export const valuesOf = (a: Partial<ShippingAddressFields> | null | undefined): AddressValues => ({ ...EMPTY_ADDRESS, ...a });

const FIELDS: { name: AddressField; auto?: string; type?: string; multi?: boolean }[] = [
  { name: 'fullName', auto: 'name' },
  { name: 'phone', auto: 'tel', type: 'tel' },
  { name: 'country', auto: 'country-name' },
  { name: 'province', auto: 'address-level1' },
  { name: 'city', auto: 'address-level2' },
  { name: 'street', auto: 'address-line1' },
  { name: 'detail', auto: 'address-line2', multi: true },
  { name: 'postCode', auto: 'postal-code' },
  { name: 'email', auto: 'email', type: 'email' },
  { name: 'taxId' },
  { name: 'remark', multi: true },
];

/**
 * The shipping address fields with the server's rules checked as the reader submits:
 * each problem is said under its field in the reader's language, and focus goes to the first.
 * The server checks the same rules again (shared/address-rules.ts).
 */
export function AddressForm(p: {
  initial: AddressValues;
  submitLabel: string;
  busy?: boolean;
  /** More inputs before the button (the default flag). */
  extra?: ReactNode;
  /** Until what it returns settles, another submit is ignored. */
  onSubmit: (values: AddressValues) => unknown;
}) {
  const { t } = useTranslation('lottery');
  const id = useId();
  const [values, setValues] = useState(p.initial);
  const [problems, setProblems] = useState<Partial<Record<AddressField, AddressProblem>>>({});

  // A second tap while the first is being checked or saved is the same save, not another.
  const submitting = useRef(false);
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      await check(e.currentTarget);
    } finally {
      submitting.current = false;
    }
  };
  const check = async (form: HTMLFormElement) => {
    const rules = await loadRules().catch(() => null);
    const found = addressProblems(values, (s) => (rules ? rules.normaliseEmail(s) !== null : true));
    setProblems(found);
    const first = FIELDS.find((f) => found[f.name]);
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
      return;
    }
    await p.onSubmit(values);
  };

  return (
    <form className="address-form" noValidate onSubmit={(e) => void submit(e)}>
      {FIELDS.map((f) => {
        const problem = problems[f.name];
        const inputId = `${id}-${f.name}`;
        const props = {
          id: inputId,
          name: f.name,
          value: values[f.name],
          maxLength: ADDRESS_MAX[f.name],
          autoComplete: f.auto ?? 'off',
          required: ADDRESS_REQUIRED.includes(f.name),
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': problem ? `${inputId}-problem` : undefined,
          onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
            setValues((v) => ({ ...v, [f.name]: e.target.value })),
        };
        return (
          <div className="field" key={f.name}>
            <label htmlFor={inputId}>
              {t(`address.field.${f.name}`)}
              {ADDRESS_REQUIRED.includes(f.name) ? null : <span className="muted small"> {t('address.optional')}</span>}
            </label>
            {f.multi ? <textarea rows={2} {...props} /> : <input type={f.type ?? 'text'} {...props} />}
            {problem ? (
              <p className="field-hint field-problem" id={`${inputId}-problem`}>
                {t(`address.problem.${problem}`, { max: ADDRESS_MAX[f.name] })}
              </p>
            ) : null}
          </div>
        );
      })}
      {p.extra}
      <button type="submit" className="btn btn-block" disabled={p.busy}>
        {p.submitLabel}
      </button>
    </form>
  );
}

/** An address as lines for reading (confirmation, read-only claim, address book). */
export function AddressLines({ a }: { a: ShippingAddressFields }) {
  const { t } = useTranslation('lottery');
  const place = [a.street, a.city, a.province, a.postCode, a.country].filter(Boolean).join(', ');
  const labelled = (['email', 'taxId', 'remark'] as const).filter((k) => a[k]);
  return (
    <address className="address-lines">
      <span>
        <strong>{a.fullName}</strong> · {a.phone}
      </span>
      <span className="pre-line">{a.detail}</span>
      <span>{place}</span>
      {labelled.map((k) => (
        <span key={k} className="small">
          {t(`address.field.${k}`)}: {a[k]}
        </span>
      ))}
    </address>
  );
}

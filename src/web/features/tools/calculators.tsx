import { type ReactNode, useState } from 'react';
import {
  DENSITIES,
  DIAMETERS,
  layerGuide,
  lengthFromWeight,
  MATERIALS,
  parseAmount,
  printCost,
  weightFromLength,
} from '../../../shared/makers-tools';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { COST_FIELDS, type CostValues, type FilamentValues, type LayerValues } from './tool-values';
import './tools.css';

/** A number in the reader's language, with at most `digits` decimals. */
function useNumber() {
  const { locale } = useApp();
  return (n: number, digits = 2) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
}

/** The calculators are GET forms: without JS, "Calculate" asks the server for the same result. */
function ToolForm({ children }: { children: ReactNode }) {
  const { t } = useTranslation('tools');
  return (
    <form method="get" className="form tools-form">
      {children}
      <button type="submit" className="btn btn-secondary btn-block">
        {t('calculate')}
      </button>
    </form>
  );
}

function Amount(p: { name: string; label: string; unit: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('tools');
  const bad = !Number.isFinite(parseAmount(p.value));
  return (
    <div className="field">
      <label htmlFor={`tool-${p.name}`}>
        {p.label} ({p.unit})
      </label>
      <input
        id={`tool-${p.name}`}
        name={p.name}
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        value={p.value}
        aria-invalid={bad || undefined}
        aria-describedby={bad ? `tool-${p.name}-problem` : undefined}
        onChange={(e) => p.onChange(e.target.value)}
      />
      {bad ? (
        <p id={`tool-${p.name}-problem`} className="field-problem">
          {t('notANumber')}
        </p>
      ) : null}
    </div>
  );
}

function Result({ children }: { children: ReactNode }) {
  return (
    <output className="tools-result" aria-live="polite">
      {children}
    </output>
  );
}

export function FilamentTool({ initial }: { initial: FilamentValues }) {
  const { t } = useTranslation('tools');
  const num = useNumber();
  const [v, setV] = useState(initial);
  const amount = parseAmount(v.amount);
  const result = v.from === 'length' ? weightFromLength(amount, v.material, v.diameter) : lengthFromWeight(amount, v.material, v.diameter);
  return (
    <ToolForm>
      <div className="field-row">
        <div className="field">
          <label htmlFor="tool-material">{t('filament.material')}</label>
          <select
            id="tool-material"
            name="material"
            value={v.material}
            onChange={(e) => setV({ ...v, material: e.target.value as FilamentValues['material'] })}
          >
            {MATERIALS.map((m) => (
              <option key={m} value={m}>
                {t('filament.materialOption', { material: m, density: num(DENSITIES[m]) })}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="tool-diameter">{t('filament.diameter')}</label>
          <select
            id="tool-diameter"
            name="diameter"
            value={v.diameter}
            onChange={(e) => setV({ ...v, diameter: Number(e.target.value) as FilamentValues['diameter'] })}
          >
            {DIAMETERS.map((d) => (
              <option key={d} value={d}>
                {num(d)} mm
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor="tool-from">{t('filament.from')}</label>
        <select id="tool-from" name="from" value={v.from} onChange={(e) => setV({ ...v, from: e.target.value as FilamentValues['from'] })}>
          <option value="length">{t('filament.fromLength')}</option>
          <option value="weight">{t('filament.fromWeight')}</option>
        </select>
      </div>
      <Amount
        name="amount"
        label={v.from === 'length' ? t('filament.length') : t('filament.weight')}
        unit={v.from === 'length' ? 'm' : 'g'}
        value={v.amount}
        onChange={(amount) => setV({ ...v, amount })}
      />
      <Result>
        {result === null
          ? t('invalid')
          : v.from === 'length'
            ? t('filament.weighs', { length: num(amount), weight: num(result, 1) })
            : t('filament.lasts', { weight: num(amount), length: num(result, 1) })}
      </Result>
    </ToolForm>
  );
}

export function CostTool({ initial }: { initial: CostValues }) {
  const { t } = useTranslation('tools');
  const num = useNumber();
  const [v, setV] = useState(initial);
  const cost = printCost(
    Object.fromEntries(COST_FIELDS.map((f) => [f, parseAmount(v[f])])) as Record<(typeof COST_FIELDS)[number], number>,
  );
  const units: Record<(typeof COST_FIELDS)[number], string> = {
    grams: 'g',
    pricePerKg: t('cost.perKg'),
    watts: 'W',
    hours: 'h',
    pricePerKwh: t('cost.perKwh'),
    wearPerHour: t('cost.perHour'),
  };
  return (
    <ToolForm>
      {COST_FIELDS.map((f) => (
        <Amount key={f} name={f} label={t(`cost.${f}`)} unit={units[f]} value={v[f]} onChange={(value) => setV({ ...v, [f]: value })} />
      ))}
      <Result>
        {cost === null ? (
          t('invalid')
        ) : (
          <dl className="tools-breakdown">
            <dt>{t('cost.filament')}</dt>
            <dd>{num(cost.filament)}</dd>
            <dt>{t('cost.electricity', { kwh: num(cost.kwh) })}</dt>
            <dd>{num(cost.electricity)}</dd>
            <dt>{t('cost.wear')}</dt>
            <dd>{num(cost.wear)}</dd>
            <dt>
              <strong>{t('cost.total')}</strong>
            </dt>
            <dd>
              <strong>{num(cost.total)}</strong>
            </dd>
          </dl>
        )}
      </Result>
      <p className="muted small">{t('cost.currency')}</p>
    </ToolForm>
  );
}

export function LayerTool({ initial }: { initial: LayerValues }) {
  const { t } = useTranslation('tools');
  const num = useNumber();
  const [v, setV] = useState(initial);
  const g = layerGuide(parseAmount(v.nozzle));
  return (
    <ToolForm>
      <Amount name="nozzle" label={t('layer.nozzle')} unit="mm" value={v.nozzle} onChange={(nozzle) => setV({ nozzle })} />
      <Result>
        {g === null ? (
          t('layer.outOfRange')
        ) : (
          <dl className="tools-breakdown">
            <dt>{t('layer.layerRange')}</dt>
            <dd>
              {num(g.layerMin, 3)}–{num(g.layerMax, 3)} mm
            </dd>
            <dt>{t('layer.layerTypical')}</dt>
            <dd>{num(g.layerTypical, 3)} mm</dd>
            <dt>{t('layer.lineRange')}</dt>
            <dd>
              {num(g.lineMin, 3)}–{num(g.lineMax, 3)} mm
            </dd>
            <dt>{t('layer.lineTypical')}</dt>
            <dd>{num(g.lineTypical, 3)} mm</dd>
          </dl>
        )}
      </Result>
      <p className="muted small">{t('layer.why')}</p>
    </ToolForm>
  );
}

/** "Chrome · Windows": the browser and system a login came from, in a few words (no library: the common ones only). */
export function deviceOf(userAgent: string): string {
  const browser = browserOf(userAgent);
  const system = systemOf(userAgent);
  if (!browser && !system) return '未知设备';
  return [browser || '未知浏览器', system || '未知系统'].join(' · ');
}

function browserOf(agent: string): string {
  if (/MicroMessenger/i.test(agent)) return '微信';
  if (/Edg(?:e|A|iOS)?\//.test(agent)) return 'Edge';
  if (/OPR\/|Opera/.test(agent)) return 'Opera';
  if (/Firefox\/|FxiOS\//.test(agent)) return 'Firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(agent)) return 'Chrome';
  if (agent.includes('Safari/') && agent.includes('Version/')) return 'Safari';
  return '';
}

function systemOf(agent: string): string {
  if (/iPhone|iPad|iPod/.test(agent)) return 'iOS';
  if (agent.includes('Android')) return 'Android';
  if (agent.includes('Windows')) return 'Windows';
  if (/Mac OS X|Macintosh/.test(agent)) return 'macOS';
  if (agent.includes('HarmonyOS')) return 'HarmonyOS';
  if (/Linux|X11/.test(agent)) return 'Linux';
  return '';
}

import type { Language, Suggestion } from '../../contract'
import type { Config } from '../config'
import { HttpError } from '../http/errors'

/** Writes a fuller channel description from a short one. */
export interface DescriptionWriter {
  write(description: string, language: Language): Promise<Suggestion>
}

const asSuggestion = (content: string): Suggestion => ({ choices: [{ message: { content } }] })

const OFFLINE_TEMPLATES: Record<Language, (topic: string) => string> = {
  en: (topic) =>
    `Welcome! This channel is about ${topic}. It is the place where our members share news, ask questions and work together on everything related to ${topic}. ` +
    'Introduce yourself, keep conversations friendly and on topic, and use groups for focused discussions. Everyone is welcome to contribute ideas and help others.',
  vi: (topic) =>
    `Chào mừng bạn! Kênh này dành cho ${topic}. Đây là nơi các thành viên chia sẻ tin tức, đặt câu hỏi và cùng nhau làm việc về mọi điều liên quan đến ${topic}. ` +
    'Hãy giới thiệu bản thân, giữ cuộc trò chuyện thân thiện và đúng chủ đề, và dùng các nhóm cho những thảo luận chuyên sâu. Mọi người đều có thể thoải mái đóng góp ý tưởng và giúp đỡ nhau.',
}

/** Built-in, offline: expands the short text with a welcoming template in the user's language. */
export const offlineWriter: DescriptionWriter = {
  async write(description, language) {
    const topic = description
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[.!?…]+$/, '')
    return asSuggestion(OFFLINE_TEMPLATES[language](topic))
  },
}

/** An OpenAI-compatible chat completion endpoint (POST <baseUrl>/chat/completions). */
export function openAiWriter(ai: { baseUrl: string; apiKey?: string; model: string }, timeoutMs = 20_000): DescriptionWriter {
  return {
    async write(description, language) {
      const instruction =
        language === 'vi'
          ? 'Viết mô tả kênh trò chuyện nhóm đầy đủ, thân thiện (3-4 câu) bằng tiếng Việt từ mô tả ngắn sau.'
          : 'Write a full, friendly team chat channel description (3-4 sentences) in English from this short description.'
      let response: Response
      try {
        response = await fetch(`${ai.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(ai.apiKey && { authorization: `Bearer ${ai.apiKey}` }) },
          body: JSON.stringify({
            model: ai.model,
            messages: [
              { role: 'system', content: instruction },
              { role: 'user', content: description },
            ],
          }),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch {
        throw new HttpError(502, 'aiUnavailable')
      }
      const body = (await response.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null
      const content = body?.choices?.[0]?.message?.content
      if (!response.ok || typeof content !== 'string' || content.trim() === '') throw new HttpError(502, 'aiUnavailable')
      return asSuggestion(content.trim())
    },
  }
}

export const descriptionWriter = (config: Config): DescriptionWriter =>
  config.ai.baseUrl ? openAiWriter({ baseUrl: config.ai.baseUrl, apiKey: config.ai.apiKey, model: config.ai.model }) : offlineWriter
